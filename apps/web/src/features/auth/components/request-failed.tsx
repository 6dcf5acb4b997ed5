import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A sign-in step whose request failed: what failed, the server's message, and the way on. */
export function RequestFailed({ title, error, extra }: { title: string; error: Error; extra: ReactNode }) {
  const { t } = useTranslation();
  return <Result status="warning" title={title} subTitle={error.message || t('errors.requestFailed')} extra={extra} />;
}
