import { Button, Card, DatePicker, Empty, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import type { TeamRevenue, TeamRevenueKind, TeamRewardStatus } from '@spatia/contract';
import dayjs from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { tablePagination } from '../../../components/page-table';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { usePagedFilters } from '../../../lib/use-paged-filters';
import { useUi } from '../../../stores/ui-store';
import { useTeamRevenues } from '../api/team-api';
import { formatRate } from '../lib/team-display';

const PAGE_SIZE = 10;

const STATUS_COLORS: Record<TeamRewardStatus, string> = { pending: 'gold', withdrawable: 'green', reversed: 'default' };

/** The rewards on the team's payments: recharges (`flowTgRevenues`) and works and shoots bought (`projectTgRevenues`), one tab each. */
export function TeamRewards() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TeamRevenueKind>('flow');
  return (
    <Card size="small" title={t('team.rewards.title')} className="team-panel__rewards">
      <Tabs
        activeKey={kind}
        onChange={(key) => setKind(key === 'project' ? 'project' : 'flow')}
        items={[
          { key: 'flow', label: <span data-testid="team-tab-flow">{t('team.rewards.flow')}</span>, children: <RevenueList kind="flow" /> },
          {
            key: 'project',
            label: <span data-testid="team-tab-project">{t('team.rewards.project')}</span>,
            children: <RevenueList kind="project" />,
          },
        ]}
      />
    </Card>
  );
}

function RevenueList({ kind }: { kind: TeamRevenueKind }) {
  const { t } = useTranslation();
  const isMobile = useUi((state) => state.device === 'mobile');
  const { filters, changeFilters, paging } = usePagedFilters<{ startTime?: string; endTime?: string }>({}, PAGE_SIZE);
  const page = useTeamRevenues(kind, { ...filters, pageNum: paging.pageNum, pageSize: PAGE_SIZE });
  const filtered = filters.startTime !== undefined;

  const columns: TableColumnsType<TeamRevenue> = [
    { key: 'at', title: t('team.rewards.columns.at'), render: (_, reward) => formatDate(reward.at) },
    {
      key: 'payer',
      title: t('team.rewards.columns.payer'),
      render: (_, reward) => (
        <span className="team-person">
          <UserAvatar src={reward.payer.avatarUrl} name={displayPersonName(reward.payer.name, t)} size={28} />
          <span className="team-person__name" data-testid="team-reward-payer">
            {displayPersonName(reward.payer.name, t)}
          </span>
        </span>
      ),
    },
    {
      key: 'level',
      title: t('team.rewards.columns.level'),
      render: (_, reward) => (
        <Tag color={reward.level === 1 ? 'blue' : 'purple'} data-testid="team-reward-level">
          {t(`team.rewards.level.${reward.level}`)}
        </Tag>
      ),
    },
    ...(kind === 'project'
      ? [
          {
            key: 'source',
            title: t('team.rewards.columns.source'),
            render: (_: unknown, reward: TeamRevenue) => t(`team.rewards.source.${reward.source}`),
          },
        ]
      : []),
    {
      key: 'orderNo',
      title: t('team.rewards.columns.orderNo'),
      render: (_, reward) => (
        <Typography.Text
          className="team-order-no"
          copyable={{ text: reward.orderNo, tooltips: [t('team.rewards.copy'), t('team.rewards.copied')] }}
        >
          {reward.orderNo}
        </Typography.Text>
      ),
    },
    {
      key: 'paid',
      title: t('team.rewards.columns.paid'),
      align: 'right',
      render: (_, reward) => (
        <span className="team-money team-money--stack">
          <span>{formatYuan(reward.paidFen)}</span>
          {reward.refundedFen > 0 && (
            <Typography.Text type="secondary" className="team-money__note">
              {t('team.rewards.refunded', { amount: formatYuan(reward.refundedFen) })}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'rate', title: t('team.rewards.columns.rate'), align: 'right', render: (_, reward) => formatRate(reward.basisPoints) },
    {
      key: 'amount',
      title: t('team.rewards.columns.amount'),
      align: 'right',
      render: (_, reward) => (
        <strong className="team-money team-money--reward" data-testid="team-reward-amount">
          {formatYuan(reward.amountFen)}
        </strong>
      ),
    },
    {
      key: 'status',
      title: t('team.rewards.columns.status'),
      render: (_, reward) => (
        <span className="team-status">
          <Tag color={STATUS_COLORS[reward.status]} data-testid="team-reward-status">
            {t(`team.rewards.status.${reward.status}`)}
          </Tag>
          {reward.status === 'pending' && (
            <Typography.Text type="secondary" className="team-money__note">
              {t('team.rewards.pendingUntil', { date: formatDate(reward.releaseAt, 'YYYY-MM-DD') })}
            </Typography.Text>
          )}
        </span>
      ),
    },
  ];

  const emptyText = filtered ? t('team.rewards.empty.filtered') : t(`team.rewards.empty.${kind}`);

  return (
    <div className="team-list" data-testid={`team-rewards-${kind}`}>
      <div className="team-list__toolbar">
        <DatePicker.RangePicker
          className="team-list__range"
          aria-label={t('team.rewards.range')}
          placeholder={[t('team.rewards.rangeStart'), t('team.rewards.rangeEnd')]}
          value={filters.startTime && filters.endTime ? [dayjs(filters.startTime), dayjs(filters.endTime)] : null}
          onChange={(range) =>
            changeFilters({
              startTime: range?.[0]?.format('YYYY-MM-DD') ?? undefined,
              endTime: range?.[1]?.format('YYYY-MM-DD') ?? undefined,
            })
          }
        />
        {filtered && <Button onClick={() => changeFilters({ startTime: undefined, endTime: undefined })}>{t('team.rewards.reset')}</Button>}
        <span className="team-list__sum" aria-live="polite" data-testid={`team-rewards-sum-${kind}`}>
          {page.data && page.data.total > 0 ? t('team.rewards.sum', { count: page.data.total, amount: formatYuan(page.data.sumFen) }) : ''}
        </span>
      </div>
      {page.isError && !page.data ? (
        <LoadFailed title={t('team.rewards.loadFailed')} query={page} />
      ) : (
        <Table<TeamRevenue>
          rowKey="id"
          size={isMobile ? 'small' : 'middle'}
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          onRow={() => ({ 'data-testid': 'team-reward-row' }) as HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">{emptyText}</Typography.Text>} />
            ),
          }}
          pagination={tablePagination(paging, page.data?.total ?? 0, { hideOnSinglePage: true, simple: isMobile })}
        />
      )}
    </div>
  );
}
