import { Statistic, Typography } from 'antd';
import type { LeaseStatus } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** The lease in a line or two: running (days left, start and end), bought to start later, or none. */
export function LeaseSummary({ lease }: { lease: LeaseStatus }) {
  const { t } = useTranslation();
  const state = lease.running ? 'running' : lease.startsAt ? 'queued' : 'none';
  return (
    <div data-testid="lease-summary" data-state={state}>
      <Statistic
        title={t('wallet.lease.title')}
        value={state === 'none' ? t('wallet.lease.none') : t('wallet.lease.daysLeft', { count: lease.daysLeft })}
      />
      {lease.startsAt && lease.endsAt && (
        <Typography.Text type="secondary">
          {t(`wallet.lease.${state === 'running' ? 'runs' : 'starts'}`, {
            start: formatDate(lease.startsAt, 'YYYY-MM-DD'),
            end: formatDate(lease.endsAt, 'YYYY-MM-DD'),
          })}
        </Typography.Text>
      )}
    </div>
  );
}
