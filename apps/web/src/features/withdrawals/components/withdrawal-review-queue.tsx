import { App, Input, Typography, type TableColumnsType } from 'antd';
import { WITHDRAWAL_REASON_MAX, type AdminWithdrawal } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTable } from '../../../components/page-table';
import { ReasonDialog } from '../../../components/reason-dialog';
import { ReviewActions } from '../../../components/review-actions';
import { formatDate, formatYuan } from '../../../lib/format';
import { useApproveWithdrawal, useRejectWithdrawal, useWithdrawalQueue } from '../api/review-withdrawals';
import { WithdrawalDetail } from './withdrawal-records';
import {
  WithdrawalRequested,
  WithdrawalStatusFilter,
  WithdrawalStatusTag,
  type WithdrawalStatusFilterValue,
} from './withdrawal-status-tag';
import './withdrawals.css';

const PAGE_SIZE = 20;

/** The back office's withdrawal queue: under review first by default, approve or reject with a reason; payouts follow by themselves. */
export function WithdrawalReviewQueue() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [status, setStatus] = useState<WithdrawalStatusFilterValue>('reviewing');
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [rejecting, setRejecting] = useState<AdminWithdrawal>();
  const queue = useWithdrawalQueue({
    status: status === 'all' ? undefined : status,
    keyword: keyword || undefined,
    pageNum,
    pageSize: PAGE_SIZE,
  });
  const approve = useApproveWithdrawal();
  const rejectMutation = useRejectWithdrawal();

  const confirmApprove = (item: AdminWithdrawal) => {
    modal.confirm({
      title: t('withdrawals.admin.approveTitle'),
      content: t('withdrawals.admin.approveContent', {
        amount: formatYuan(item.amountFen),
        name: item.realName,
        channel: t(`withdrawals.channels.${item.channel}`),
        account: item.accountFull,
      }),
      okText: t('withdrawals.admin.approve'),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        approve
          .mutateAsync(item.id)
          .then(() => void message.success(t('withdrawals.admin.approved')))
          .catch(() => undefined),
    });
  };

  const columns: TableColumnsType<AdminWithdrawal> = [
    {
      title: t('withdrawals.admin.columns.person'),
      key: 'person',
      render: (_, row) => (
        <div>
          <div>{row.user.name}</div>
          <Typography.Text type="secondary">{row.user.phone}</Typography.Text>
        </div>
      ),
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
        <div>
          <div>
            {t(`withdrawals.channels.${row.channel}`)} · {row.accountFull}
          </div>
          <Typography.Text type="secondary">{row.realName}</Typography.Text>
        </div>
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
              {t('withdrawals.admin.reviewedBy', { name: row.reviewer.name, date: formatDate(row.reviewedAt) })}
            </Typography.Text>
          )}
          {row.status === 'paying' && row.lastError && (
            <Typography.Text type="warning" className="withdrawals__detail">
              {t('withdrawals.admin.lastError', { error: row.lastError, attempts: row.attempts })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('withdrawals.admin.columns.actions'),
      key: 'actions',
      render: (_, row) =>
        row.status === 'reviewing' && (
          <ReviewActions
            approveText={t('withdrawals.admin.approve')}
            rejectText={t('withdrawals.admin.reject')}
            onApprove={() => confirmApprove(row)}
            onReject={() => setRejecting(row)}
            testId="withdrawal"
          />
        ),
    },
  ];

  return (
    <>
      <div className="withdrawals__toolbar">
        <WithdrawalStatusFilter
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPageNum(1);
          }}
          allFirst={false}
          testId="withdrawal-queue-filter"
        />
        <Input.Search
          allowClear
          placeholder={t('withdrawals.admin.searchPlaceholder')}
          aria-label={t('withdrawals.admin.searchPlaceholder')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
          style={{ maxWidth: 320 }}
        />
      </div>
      <PageTable
        rowKey="id"
        columns={columns}
        page={queue.data}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNum}
        loading={queue.isFetching && !queue.data}
        emptyText={t('withdrawals.admin.empty')}
        scroll={{ x: 1000 }}
        onRow={() => ({ 'data-testid': 'withdrawal-queue-row' }) as React.HTMLAttributes<HTMLElement>}
        data-testid="withdrawal-queue"
      />
      <ReasonDialog
        open={rejecting !== undefined}
        title={t('withdrawals.admin.rejectTitle', { name: rejecting?.user.name ?? '', amount: formatYuan(rejecting?.amountFen ?? 0) })}
        label={t('withdrawals.admin.reasonLabel')}
        requiredMessage={t('withdrawals.admin.reasonRequired')}
        okText={t('withdrawals.admin.reject')}
        maxLength={WITHDRAWAL_REASON_MAX}
        busy={rejectMutation.isPending}
        onCancel={() => setRejecting(undefined)}
        onSubmit={(reason) => {
          if (!rejecting) return;
          rejectMutation.mutate(
            { id: rejecting.id, reason },
            {
              onSuccess: () => {
                void message.success(t('withdrawals.admin.rejected'));
                setRejecting(undefined);
              },
            },
          );
        }}
        testId="withdrawal-reject-reason"
      />
    </>
  );
}
