import { SwapOutlined } from '@ant-design/icons';
import { Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { WorkSummary } from '@spatia/contract';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkStatusTag } from '../../../components/work-status-tag';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { MarketPriceCell } from './market-mark';
import { WorkActionsMenu, type WorkActionHandler } from './work-actions-menu';
import { WorkCover } from './work-cover';
import { WorkProcessingStatus } from './work-processing';
import { WorkTags } from './work-tags-line';
import { WorkTypeIcon } from './work-type-icon';

interface WorksTableProps {
  works: WorkSummary[];
  loading: boolean;
  selected: { has(uid: string): boolean };
  onSelectionChange: (works: WorkSummary[], selected: boolean) => void;
  onAction: WorkActionHandler;
}

/** The table view: one row per work, with selection and the same actions menu as the cards. */
export function WorksTable({ works, loading, selected, onSelectionChange, onAction }: WorksTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<WorkSummary> = [
    {
      key: 'cover',
      title: t('works.columns.cover'),
      width: 92,
      render: (_, work) => <WorkCover name={work.name} type={work.type} coverUrl={work.coverUrl} size="thumb" />,
    },
    {
      key: 'name',
      title: t('works.columns.name'),
      render: (_, work) => (
        <div className="works-table__name">
          <span data-testid="work-name">{work.name || t('works.list.untitled')}</span>
          {work.pendingTransfer && (
            <Tooltip title={t('works.list.pendingTransferHint')}>
              <Tag color="orange" icon={<SwapOutlined />} data-testid="work-pending-transfer">
                {t('works.list.pendingTransfer')}
              </Tag>
            </Tooltip>
          )}
        </div>
      ),
    },
    {
      key: 'type',
      title: t('works.columns.type'),
      width: 120,
      responsive: ['md'],
      render: (_, work) => (
        <span className="works-table__type">
          <WorkTypeIcon type={work.type} /> {t(`works.type.${work.type}`)}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('works.columns.status'),
      width: 120,
      render: (_, work) => <WorkStatusTag status={work.status} />,
    },
    {
      key: 'processing',
      title: t('works.columns.processing'),
      width: 220,
      render: (_, work) => <WorkProcessingStatus uid={work.uid} type={work.type} />,
    },
    {
      key: 'tags',
      title: t('works.columns.tags'),
      responsive: ['lg'],
      render: (_, work) => <WorkTags tags={work.tags} official={work.openInOfficial} />,
    },
    {
      key: 'price',
      title: t('works.columns.price'),
      width: 120,
      align: 'right',
      responsive: ['md'],
      render: (_, work) => <MarketPriceCell work={work} />,
    },
    {
      key: 'updated',
      title: t('works.columns.updated'),
      width: 150,
      responsive: ['sm'],
      render: (_, work) => (
        <Tooltip title={formatDate(work.updatedAt)}>
          <time dateTime={new Date(work.updatedAt).toISOString()}>{formatRelativeTime(work.updatedAt)}</time>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('works.columns.actions')}</span>,
      width: 56,
      align: 'center',
      fixed: 'right',
      render: (_, work) => <WorkActionsMenu work={work} onAction={onAction} />,
    },
  ];

  return (
    <Table<WorkSummary>
      className="works-table"
      data-testid="works-table"
      rowKey="uid"
      columns={columns}
      dataSource={works}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(work) => ({ 'data-testid': 'work-row', 'data-uid': work.uid }) as HTMLAttributes<HTMLElement>}
      rowSelection={{
        selectedRowKeys: works.filter((work) => selected.has(work.uid)).map((work) => work.uid),
        onSelect: (work, checked) => onSelectionChange([work], checked),
        onSelectAll: (checked, _rows, changed) => onSelectionChange(changed, checked),
        getCheckboxProps: (work) => ({ 'aria-label': t('works.list.select', { name: work.name }) }),
      }}
    />
  );
}
