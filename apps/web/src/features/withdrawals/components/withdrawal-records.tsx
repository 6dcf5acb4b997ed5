import { Button, Typography, type TableColumnsType } from 'antd';
import { type Withdrawal } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilteredPageTable } from '../../../components/filtered-page-table';
import { formatDate, formatYuan } from '../../../lib/format';
import { useStatusPagedFilters } from '../../../lib/use-status-paged-filters';
import { useWithdrawalRecords } from '../api/withdrawals';
import {
  WithdrawalRequested,
  WithdrawalStatusFilter,
  WithdrawalStatusTag,
  type WithdrawalStatusFilterValue,
} from './withdrawal-status-tag';
import './withdrawals.css';

const PAGE_SIZE = 10;

/** What happened to a withdrawal, in a line: when it was paid, why it was rejected or refused, or that it waits. */
export function WithdrawalDetail({ item }: { item: Withdrawal }) {
  const { t } = useTranslation();
  const text = (() => {
    switch (item.status) {
      case 'reviewing':
        return t('withdrawals.detail.reviewing');
      case 'approved':
      case 'paying':
        return t('withdrawals.detail.paying', { date: formatDate(item.reviewedAt) });
      case 'paid':
        return t('withdrawals.detail.paid', { date: formatDate(item.paidAt) });
      case 'rejected':
        return t('withdrawals.detail.rejected', { reason: item.rejectReason });
      case 'failed':
        return t('withdrawals.detail.failed', { reason: item.failure });
    }
  })();
  return (
    <Typography.Text type={item.status === 'failed' || item.status === 'rejected' ? 'danger' : 'secondary'} className="withdrawals__detail">
      {text}
    </Typography.Text>
  );
}

/** /wallet/withdrawRecord: every withdrawal with its state, filtered by state; refreshes while one is on its way. */
export function WithdrawalRecords() {
  const { t } = useTranslation();
  const { filters, changeFilters, paging, query } = useStatusPagedFilters<{ status: WithdrawalStatusFilterValue }>(
    { status: 'all' },
    PAGE_SIZE,
  );
  const { status } = filters;
  const records = useWithdrawalRecords(query);

  const columns: TableColumnsType<Withdrawal> = [
    {
      title: t('withdrawals.columns.requested'),
      key: 'requested',
      render: (_, row) => <WithdrawalRequested item={row} />,
    },
    {
      title: t('withdrawals.columns.amount'),
      key: 'amount',
      render: (_, row) => <strong data-testid="withdrawal-amount">{formatYuan(row.amountFen)}</strong>,
    },
    {
      title: t('withdrawals.columns.account'),
      key: 'account',
      render: (_, row) => `${t(`withdrawals.channels.${row.channel}`)} · ${row.account}`,
    },
    { title: t('withdrawals.columns.status'), key: 'status', render: (_, row) => <WithdrawalStatusTag status={row.status} /> },
    { title: t('withdrawals.columns.detail'), key: 'detail', render: (_, row) => <WithdrawalDetail item={row} /> },
  ];

  return (
    <FilteredPageTable
      toolbarClassName="withdrawals__toolbar"
      toolbar={
        <>
          <WithdrawalStatusFilter
            value={status}
            onChange={(next) => changeFilters({ status: next })}
            allFirst={true}
            testId="withdrawal-status-filter"
          />
          <Link to="/wallet/withdraw">
            <Button type="primary">{t('withdrawals.newRequest')}</Button>
          </Link>
        </>
      }
      columns={columns}
      page={records.data}
      paging={paging}
      loading={records.isFetching && !records.data}
      emptyText={status === 'all' ? t('withdrawals.empty') : t('withdrawals.emptyFiltered')}
      rowTestId="withdrawal-row"
      data-testid="withdrawal-records"
    />
  );
}
