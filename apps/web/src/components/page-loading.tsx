import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded page or the session is on its way. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : 240, width: '100%' }}
    >
      <Spin description={t('common.loading')} size="large">
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
