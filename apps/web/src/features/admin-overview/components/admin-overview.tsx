import { AuditOutlined, IdcardOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Segmented, Skeleton, Statistic } from 'antd';
import type { ReviewKind } from '@spatia/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { DailyBarChart } from '../../../components/daily-bar-chart';
import { PeriodSwitch } from '../../../components/period-switch';
import { formatNumber } from '../../../lib/format';
import { useAdminOverview } from '../api/get-admin-overview';
import './admin-overview.css';

type Measure = 'users' | 'works';
const PERIODS = [30, 90] as const;

const QUEUES: readonly { kind: ReviewKind; path: string; icon: ReactNode }[] = [
  { kind: 'membershipApplications', path: '/admin/membershipApplications', icon: <IdcardOutlined /> },
  { kind: 'identityApplications', path: '/admin/identityApplications', icon: <SafetyCertificateOutlined /> },
  { kind: 'works', path: '/admin/audit', icon: <AuditOutlined /> },
];

/** What waits for a decision (each card opens its queue), the totals, and new users and works per day. */
export function AdminOverviewPanel() {
  const { t } = useTranslation();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(PERIODS[0]);
  const [measure, setMeasure] = useState<Measure>('users');
  const overview = useAdminOverview(days);

  if (overview.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (overview.isError) {
    return <LoadFailed title={t('adminOverview.loadFailed')} query={overview} />;
  }

  const { pending, totals } = overview.data;
  // Every business day of the period, as the server counts them.
  const rows = overview.data.days;
  const total = rows.reduce((sum, row) => sum + row[measure], 0);

  return (
    <div className="admin-overview" data-testid="admin-overview">
      <section className="admin-overview__queues" aria-label={t('adminOverview.pendingTitle')}>
        {QUEUES.map(({ kind, path, icon }) => (
          <Link key={kind} to={path} className="admin-overview__queue" data-testid={`pending-${kind}`}>
            <Card hoverable size="small">
              <Statistic
                title={t(`adminOverview.pending.${kind}`)}
                value={pending[kind]}
                prefix={icon}
                styles={{ content: { color: pending[kind] > 0 ? '#d46b08' : undefined } }}
              />
            </Card>
          </Link>
        ))}
      </section>
      <Card
        className="admin-overview__growth"
        title={t('adminOverview.growthTitle')}
        extra={<PeriodSwitch periods={PERIODS} value={days} onChange={setDays} />}
      >
        <div className="admin-overview__totals">
          <Statistic title={t('adminOverview.totalUsers')} value={totals.users} formatter={(value) => formatNumber(Number(value))} />
          <Statistic title={t('adminOverview.totalWorks')} value={totals.works} formatter={(value) => formatNumber(Number(value))} />
          <Segmented<Measure>
            className="admin-overview__measure"
            value={measure}
            onChange={setMeasure}
            options={[
              { value: 'users', label: t('adminOverview.newUsers') },
              { value: 'works', label: t('adminOverview.newWorks') },
            ]}
          />
        </div>
        <DailyBarChart
          rows={rows}
          value={(row) => row[measure]}
          format={formatNumber}
          label={t('adminOverview.chartLabel', {
            measure: t(`adminOverview.${measure === 'users' ? 'newUsers' : 'newWorks'}`),
            total,
            count: days,
          })}
          caption={t('adminOverview.growthTitle')}
          dayTitle={t('adminOverview.day')}
          emptyText={t(`adminOverview.${measure === 'users' ? 'noNewUsers' : 'noNewWorks'}`, { count: days })}
          columns={[
            { title: t('adminOverview.newUsers'), cell: (row) => formatNumber(row.users) },
            { title: t('adminOverview.newWorks'), cell: (row) => formatNumber(row.works) },
          ]}
          listed={(row) => row.users > 0 || row.works > 0}
        />
      </Card>
    </div>
  );
}
