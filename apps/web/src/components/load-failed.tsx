import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The part of a failed query that LoadFailed uses (react-query's result fits). */
interface FailedQuery {
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/** What a page or panel shows when its data could not be loaded: what failed, the server's message, and "try again". */
export function LoadFailed({
  title,
  query,
  showMessage = true,
  testId,
}: {
  title: string;
  query: FailedQuery;
  /** False where the title says enough (the client has shown the server's message already). */
  showMessage?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={(showMessage && query.error?.message) || undefined}
      extra={<Button onClick={() => void query.refetch()}>{t('common.actions.retry')}</Button>}
      data-testid={testId}
    />
  );
}
