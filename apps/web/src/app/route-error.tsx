import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Unexpected failures while rendering or loading a page (for example a chunk that failed to load). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <Result
        status="error"
        title={t('errors.crashTitle')}
        subTitle={t('errors.crashText')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      />
    </main>
  );
}
