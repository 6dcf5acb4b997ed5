import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** While a site page loads, or when it could not: a skeleton of the page, or a retry. */
export function SitePageState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 1160, margin: '0 auto', padding: '48px 24px' }}>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={t('sitePages.loadFailed')}
          action={
            <Button size="small" onClick={onRetry}>
              {t('sitePages.retry')}
            </Button>
          }
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}
