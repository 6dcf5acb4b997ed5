import { StopOutlined, WarningOutlined } from '@ant-design/icons';
import { App, Button, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { WITHDRAWAL_ENDABLE_STATUSES, WITHDRAWAL_REASON_MAX, type AdminWithdrawal, type WithdrawalStatus } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { FilteredPageTable } from '../../../components/filtered-page-table';
import { useReviewDecisions } from '../../../components/review-decisions';
import { TwoLineCell } from '../../../components/review-queue-cells';
import { formatDate, formatYuan } from '../../../lib/format';
import { useStatusPagedFilters } from '../../../lib/use-status-paged-filters';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useRetained } from '../../../lib/use-retained';
import { useApproveWithdrawal, useEndWithdrawalAsFailed, useRejectWithdrawal, useWithdrawalQueue } from '../api/review-withdrawals';
import { WithdrawalDetail } from './withdrawal-records';
import {
  WithdrawalRequested,
  WithdrawalStatusFilter,
  WithdrawalStatusTag,
  type WithdrawalStatusFilterValue,
} from './withdrawal-status-tag';
import { displayPersonName } from '../../../lib/person-name';
import { useSession } from '../../../stores/session-store';
import { WithdrawalSettingsButton } from './withdrawal-settings-dialog';
import './withdrawals.css';

const PAGE_SIZE = 20;

/** The back office's withdrawal queue: under review first by default, approve or reject with a reason; payouts follow by themselves. */
export function WithdrawalReviewQueue() {
  const { t } = useTranslation();
  // No keyword (undefined, not ''): the server is not asked for one.
  const { filters, changeFilters, paging, query } = useStatusPagedFilters<{
    status: WithdrawalStatusFilterValue;
    keyword: string | undefined;
  }>({ status: 'reviewing', keyword: undefined }, PAGE_SIZE);
  const queue = useWithdrawalQueue(query);
  const myUid = useSession((session) => session.uid);
  const decisions = useReviewDecisions<AdminWithdrawal>({
    keyPrefix: 'withdrawals.admin',
    approveContent: (item) =>
      t('withdrawals.admin.approveContent', {
        amount: formatYuan(item.amountFen),
        name: item.realName,
        channel: t(`withdrawals.channels.${item.channel}`),
        account: item.accountFull,
      }),
    rejectTitle: (item) =>
      t('withdrawals.admin.rejectTitle', { name: displayPersonName(item.user.name, t), amount: formatYuan(item.amountFen) }),
    approve: useApproveWithdrawal(),
    reject: useRejectWithdrawal(),
    reasonMaxLength: WITHDRAWAL_REASON_MAX,
    testId: 'withdrawal',
    reasonTestId: 'withdrawal-reject-reason',
    // Four eyes: the server refuses it too (1664).
    approveBlocked: (item) => (item.user.uid === myUid ? t('withdrawals.admin.ownWithdrawal') : undefined),
  });
  const ending = usePayoutEnding();

  const decisionsColumn = decisions.actionsColumn(t('withdrawals.admin.columns.actions'), (row) => row.status === 'reviewing');
  const columns: TableColumnsType<AdminWithdrawal> = [
    {
      title: t('withdrawals.admin.columns.person'),
      key: 'person',
      render: (_, row) => <TwoLineCell primary={displayPersonName(row.user.name, t)} secondary={row.user.phone} />,
    },
    {
      title: t('withdrawals.columns.amount'),
      key: 'amount',
      render: (_, row) => (
        <div>
          <strong>{formatYuan(row.amountFen)}</strong>
          <div>
            <Typography.Text type="secondary">
              {t('withdrawals.admin.incomeLeft', { amount: formatYuan(row.withdrawableFen) })}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('withdrawals.admin.columns.payee'),
      key: 'payee',
      render: (_, row) => (
        <TwoLineCell
          primary={
            <>
              {t(`withdrawals.channels.${row.channel}`)} · {row.accountFull}
            </>
          }
          secondary={
            <>
              {row.realName}
              {row.payeeNameMismatch && (
                <Tag color="warning" icon={<WarningOutlined />} className="withdrawals__mismatch" data-testid="withdrawal-name-mismatch">
                  {t('withdrawals.admin.nameMismatch', { names: row.identityNames.join(' / ') })}
                </Tag>
              )}
            </>
          }
        />
      ),
    },
    {
      title: t('withdrawals.columns.requested'),
      key: 'requested',
      render: (_, row) => <WithdrawalRequested item={row} />,
    },
    {
      title: t('withdrawals.columns.status'),
      key: 'status',
      render: (_, row) => (
        <div>
          <WithdrawalStatusTag status={row.status} />
          <WithdrawalDetail item={row} />
          {row.reviewer && row.reviewedAt !== null && (
            <Typography.Text type="secondary" className="withdrawals__detail">
              {t('withdrawals.admin.reviewedBy', { name: displayPersonName(row.reviewer.name, t), date: formatDate(row.reviewedAt) })}
            </Typography.Text>
          )}
          {row.status === 'paying' && row.lastError && (
            <Typography.Text type="warning" className="withdrawals__detail">
              {t('withdrawals.admin.lastError', { error: row.lastError, count: row.attempts })}
            </Typography.Text>
          )}
          <PayoutProgressNote row={row} />
        </div>
      ),
    },
    {
      ...decisionsColumn,
      render: (_, row) =>
        row.status === 'reviewing' ? decisionsColumn.render?.(undefined, row, 0) : isEndable(row.status) && ending.button(row),
    },
  ];

  return (
    <>
      <FilteredPageTable
        toolbarClassName="withdrawals__toolbar"
        toolbar={
          <>
            <WithdrawalStatusFilter
              value={filters.status}
              onChange={(status) => changeFilters({ status })}
              allFirst={false}
              testId="withdrawal-queue-filter"
            />
            <Input.Search
              allowClear
              placeholder={t('withdrawals.admin.searchPlaceholder')}
              aria-label={t('withdrawals.admin.searchPlaceholder')}
              onSearch={(value) => changeFilters({ keyword: value.trim() || undefined })}
              style={{ maxWidth: 320 }}
            />
            <WithdrawalSettingsButton />
          </>
        }
        columns={columns}
        page={queue.data}
        paging={paging}
        loading={queue.isFetching && !queue.data}
        emptyText={t('withdrawals.admin.empty')}
        rowTestId="withdrawal-queue-row"
        data-testid="withdrawal-queue"
      />
      {decisions.rejectDialog}
      {ending.dialog}
    </>
  );
}

// ---- payouts that end (docs/withdrawals.md, "Payouts that end") ----

const isEndable = (status: WithdrawalStatus) => (WITHDRAWAL_ENDABLE_STATUSES as readonly WithdrawalStatus[]).includes(status);

/** When the payout job looks again, or that it gave up and waits for an admin. */
function PayoutProgressNote({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation();
  if (row.payoutStuckAt !== null)
    return (
      <Typography.Text type="danger" className="withdrawals__detail" data-testid="withdrawal-payout-stuck">
        {t('withdrawals.payouts.stuck', { count: row.attempts, date: formatDate(row.payoutStuckAt, 'YYYY-MM-DD HH:mm') })}
      </Typography.Text>
    );
  if (row.status !== 'paying' || !row.lastError || row.nextAttemptAt === null) return null;
  return (
    <Typography.Text type="secondary" className="withdrawals__detail">
      {t('withdrawals.payouts.nextLook', { time: formatDate(row.nextAttemptAt, 'HH:mm:ss') })}
    </Typography.Text>
  );
}

/** "End as failed" on an approved or paying withdrawal: a reason, confirmed in a dialog; the server asks the provider first. */
function usePayoutEnding() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const end = useEndWithdrawalAsFailed();
  const [ending, setEnding] = useState<AdminWithdrawal | null>(null);
  // The dialog keeps its title while it animates closed.
  const shown = useRetained(ending);

  const button = (row: AdminWithdrawal) => (
    <Button size="small" danger icon={<StopOutlined />} onClick={() => setEnding(row)} data-testid="withdrawal-end-failed">
      {t('withdrawals.payouts.endFailed')}
    </Button>
  );

  const dialog = (
    <ReasonDialog
      open={ending !== null}
      title={
        shown ? t('withdrawals.payouts.endTitle', { name: displayPersonName(shown.user.name, t), amount: formatYuan(shown.amountFen) }) : ''
      }
      label={t('withdrawals.payouts.endReasonLabel')}
      requiredMessage={t('withdrawals.payouts.endReasonRequired')}
      hint={t('withdrawals.payouts.endHint')}
      okText={t('withdrawals.payouts.endFailed')}
      maxLength={WITHDRAWAL_REASON_MAX}
      busy={end.isPending}
      onCancel={() => setEnding(null)}
      onSubmit={(reason) => {
        if (!ending) return;
        end.mutate(
          { id: ending.id, reason },
          {
            onSuccess: () => {
              void message.success(t('withdrawals.payouts.ended'));
              setEnding(null);
            },
          },
        );
      }}
      testId="withdrawal-end-reason"
    />
  );

  return { button, dialog };
}
