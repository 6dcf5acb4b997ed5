import { Tag, Typography } from 'antd';
import { WITHDRAWAL_STATUSES, type Withdrawal, type WithdrawalStatus } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { StatusFilter } from '../../../components/status-filter';
import { formatDate } from '../../../lib/format';

/** Each state's colour: blue while someone still has to act, green once paid, red when the money came back. */
export const WITHDRAWAL_STATUS_COLOUR: Record<WithdrawalStatus, string> = {
  reviewing: 'processing',
  approved: 'cyan',
  paying: 'gold',
  paid: 'success',
  rejected: 'default',
  failed: 'error',
};

export function WithdrawalStatusTag({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={WITHDRAWAL_STATUS_COLOUR[status]} data-testid="withdrawal-status" data-status={status}>
      {t(`withdrawals.status.${status}`)}
    </Tag>
  );
}

/** When a withdrawal was asked for, over its number. */
export function WithdrawalRequested({ item }: { item: Pick<Withdrawal, 'createdAt' | 'withdrawalNo'> }) {
  return (
    <div>
      <div>{formatDate(item.createdAt)}</div>
      <Typography.Text type="secondary" className="withdrawals__no">
        {item.withdrawalNo}
      </Typography.Text>
    </div>
  );
}

export type WithdrawalStatusFilterValue = WithdrawalStatus | 'all';

/** The states to show: every one, or one; "all" leads for a person's records and closes the admins' queue. */
export function WithdrawalStatusFilter({
  value,
  onChange,
  allFirst,
  testId,
}: {
  value: WithdrawalStatusFilterValue;
  onChange: (value: WithdrawalStatusFilterValue) => void;
  allFirst: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <StatusFilter
      statuses={WITHDRAWAL_STATUSES}
      value={value}
      onChange={onChange}
      statusLabel={(status) => t(`withdrawals.status.${status}`)}
      allLabel={t('withdrawals.all')}
      allFirst={allFirst}
      label={t('withdrawals.statusFilter')}
      testId={testId}
    />
  );
}
