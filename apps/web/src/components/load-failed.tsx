import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a page or panel shows when its data could not be loaded: what failed, the server's message, and "try again". */
export function LoadFailed({
  title,
  error,
  onRetry,
  testId,
}: {
  title: string;
  error?: Error | null;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={error?.message || undefined}
      extra={<Button onClick={onRetry}>{t('common.actions.retry')}</Button>}
      data-testid={testId}
    />
  );
}
