import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import type { TransferSide, WorkTransfer } from '../api/types';
import { counterpartOf } from '../lib/transfer-rules';
import { TransferActionButtons, type TransferAnswerHandlers } from './transfer-action-buttons';
import { PartyCell, PriceText, ReceiptDeadline, RemarkText, TransferStatusTag, WorkCell } from './transfer-parts';

export interface TransferViewProps extends TransferAnswerHandlers {
  side: TransferSide;
  transfers: WorkTransfer[];
  now: number;
}

/** The desktop list: one row per transfer, the columns of the spec. */
export function TransferTable({
  side,
  transfers,
  now,
  loading,
  pagination,
  ...handlers
}: TransferViewProps & { loading: boolean; pagination: TablePaginationConfig | false }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<WorkTransfer> = [
    { key: 'work', title: t('transfers.columns.work'), width: 200, render: (_, transfer) => <WorkCell transfer={transfer} /> },
    {
      key: 'counterpart',
      title: t(side === 'received' ? 'transfers.columns.sender' : 'transfers.columns.receiver'),
      width: 130,
      render: (_, transfer) => <PartyCell party={counterpartOf(transfer, side)} />,
    },
    {
      key: 'sentAt',
      title: t('transfers.columns.sentAt'),
      width: 110,
      render: (_, transfer) => (
        <span className="transfer-sent">
          <span>{formatDate(transfer.sentAt, 'YYYY-MM-DD')}</span>
          <span className="transfer-sent__time">{formatDate(transfer.sentAt, 'HH:mm')}</span>
        </span>
      ),
    },
    {
      key: 'price',
      title: t('transfers.columns.price'),
      width: 96,
      align: 'right',
      render: (_, transfer) => <PriceText transfer={transfer} />,
    },
    {
      key: 'expiresAt',
      title: t('transfers.columns.expiresAt'),
      width: 150,
      render: (_, transfer) => <ReceiptDeadline transfer={transfer} now={now} />,
    },
    {
      key: 'status',
      title: t('transfers.columns.status'),
      width: 90,
      render: (_, transfer) => <TransferStatusTag transfer={transfer} now={now} />,
    },
    {
      key: 'remark',
      title: t('transfers.columns.remark'),
      ellipsis: true,
      render: (_, transfer) => <RemarkText remark={transfer.remark} />,
    },
    {
      key: 'actions',
      title: t('transfers.columns.actions'),
      width: side === 'received' ? 220 : 130,
      fixed: 'right',
      render: (_, transfer) => (
        <div className="transfer-row-actions">
          <TransferActionButtons transfer={transfer} side={side} now={now} look="link" {...handlers} />
        </div>
      ),
    },
  ];
  return (
    <Table<WorkTransfer>
      className="transfer-table"
      rowKey="id"
      columns={columns}
      dataSource={transfers}
      loading={loading}
      pagination={pagination}
      size="middle"
      // Fits a 1366px screen beside the sidebar; narrower ones scroll sideways.
      scroll={{ x: side === 'received' ? 1060 : 990 }}
      onRow={(transfer) => ({ 'data-testid': 'transfer-row', 'data-transfer-id': transfer.id }) as HTMLAttributes<HTMLElement>}
    />
  );
}
