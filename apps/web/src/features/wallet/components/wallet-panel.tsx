import { Alert, Button, Card, Progress, Segmented, Select, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import {
  Role,
  trafficCostFen,
  WALLET_STAT_DAYS,
  type WalletDay,
  type WalletStat,
  type WalletStatDays,
  type WalletWork,
} from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DailyBarChart } from '../../../components/daily-bar-chart';
import { PeriodSwitch } from '../../../components/period-switch';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate, formatNumber, formatYuan } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { useWalletStat, useWorkTraffic } from '../api/wallet';
import { budgetPercent, formatGb } from '../lib/traffic-units';
import { LeaseSummary } from './lease-summary';
import './wallet.css';

type Measure = 'requests' | 'bytes' | 'costFen';

const MEASURE_FORMAT: Record<Measure, (value: number) => string> = {
  requests: (value) => formatNumber(value),
  bytes: formatGb,
  costFen: formatYuan,
};

/** /wallet/index (permission 35): the flow balance, what traffic cost, the lease, usage by day and by work. */
export function WalletPanel() {
  const { t } = useTranslation();
  const uid = useSession((session) => session.uid);
  const [days, setDays] = useState<WalletStatDays>(30);
  const stat = useWalletStat(uid, days);

  if (stat.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (stat.isError) return <LoadFailed title={t('wallet.loadFailed')} query={stat} />;

  return (
    <div className="wallet" data-testid="wallet">
      <nav className="wallet__links" aria-label={t('wallet.linksLabel')}>
        <Link to="/wallet/lease">{t('menu.walletLease')}</Link>
        <Link to="/wallet/withdraw">{t('wallet.withdrawIncome')}</Link>
        <Link to="/wallet/withdrawRecord">{t('menu.walletWithdrawRecord')}</Link>
      </nav>
      <WalletAlerts stat={stat.data} />
      <WalletCards stat={stat.data} days={days} />
      <UsageCard stat={stat.data} days={days} onDays={setDays} />
      <WorksCard works={stat.data.works} days={days} />
    </div>
  );
}

function WalletAlerts({ stat }: { stat: WalletStat }) {
  const { t } = useTranslation();
  const paused = stat.works.some((work) => work.hold === 'balance');
  if (paused) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('wallet.pausedTitle')}
        description={t('wallet.pausedText', { amount: formatYuan(stat.unpaidFen) })}
        action={<RechargeButton />}
        data-testid="wallet-paused"
      />
    );
  }
  if (stat.unpaidFen > 0) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('wallet.unpaidTitle', { amount: formatYuan(stat.unpaidFen) })}
        description={stat.graceEndsAt ? t('wallet.unpaidText', { time: formatDate(stat.graceEndsAt, 'YYYY-MM-DD HH:mm') }) : undefined}
        action={<RechargeButton />}
      />
    );
  }
  return null;
}

/** Recharge is for photographers and customers (spec 2.3); others top up no other way yet. */
function RechargeButton() {
  const { t } = useTranslation();
  const roles = useSession((session) => session.roles);
  if (!roles.includes(Role.photographer) && !roles.includes(Role.customer)) return null;
  return (
    <Link to="/recharge/index">
      <Button type="primary">{t('wallet.recharge')}</Button>
    </Link>
  );
}

function WalletCards({ stat, days }: { stat: WalletStat; days: number }) {
  const { t } = useTranslation();
  return (
    <section className="wallet__cards" aria-label={t('wallet.summary')}>
      <Card size="small" className="wallet__card">
        <Statistic title={t('wallet.balance')} value={formatYuan(stat.balanceFen)} data-testid="wallet-balance" />
        <div className="wallet__card-foot">
          <RechargeButton />
        </div>
      </Card>
      <Card size="small" className="wallet__card">
        <Statistic title={t('wallet.requests', { count: days })} value={formatNumber(stat.requests)} data-testid="wallet-requests" />
        <Typography.Text type="secondary">{t('wallet.cost', { amount: formatYuan(stat.requestCostFen) })}</Typography.Text>
      </Card>
      <Card size="small" className="wallet__card">
        <Statistic title={t('wallet.traffic', { count: days })} value={formatGb(stat.bytes)} data-testid="wallet-traffic" />
        <Typography.Text type="secondary">{t('wallet.cost', { amount: formatYuan(stat.trafficCostFen) })}</Typography.Text>
      </Card>
      <Card size="small" className="wallet__card">
        <LeaseSummary lease={stat.lease} />
        <div className="wallet__card-foot">
          <Link to="/wallet/lease">{t('wallet.buyLease')}</Link>
        </div>
      </Card>
    </section>
  );
}

function UsageCard({ stat, days, onDays }: { stat: WalletStat; days: WalletStatDays; onDays: (days: WalletStatDays) => void }) {
  const { t } = useTranslation();
  const [measure, setMeasure] = useState<Measure>('requests');
  const [workUid, setWorkUid] = useState<string | null>(null);
  const work = stat.works.find((candidate) => candidate.uid === workUid) ?? null;
  const workTraffic = useWorkTraffic(work?.uid ?? null, days);
  const { prices } = stat;
  // One work's days: its traffic, and its cost at today's prices (bills are per owner, not per work).
  const rows: WalletDay[] = work
    ? (workTraffic.data?.days ?? stat.days.map(({ day }) => ({ day, requests: 0, bytes: 0 }))).map((day) => ({
        ...day,
        costFen: trafficCostFen(prices, day.requests, day.bytes).costFen,
        billed: false,
      }))
    : stat.days;
  const format = MEASURE_FORMAT[measure];
  const total = rows.reduce((sum, day) => sum + day[measure], 0);
  return (
    <Card title={t('wallet.usageTitle')} extra={<PeriodSwitch periods={WALLET_STAT_DAYS} value={days} onChange={onDays} />}>
      <div className="wallet__chart-controls">
        <Segmented<Measure>
          value={measure}
          onChange={setMeasure}
          options={(['requests', 'bytes', 'costFen'] as const).map((value) => ({ value, label: t(`wallet.measure.${value}`) }))}
          data-testid="wallet-measure"
        />
        <Select<string>
          className="wallet__work-select"
          value={work?.uid ?? ''}
          onChange={(value) => setWorkUid(value || null)}
          options={[
            { value: '', label: t('wallet.allWorks') },
            ...stat.works.map((candidate) => ({ value: candidate.uid, label: candidate.name })),
          ]}
          aria-label={t('wallet.workLabel')}
          data-testid="wallet-work"
        />
      </div>
      <DailyBarChart<WalletDay>
        rows={rows}
        value={(day) => day[measure]}
        format={format}
        label={t('wallet.chartLabel', { measure: t(`wallet.measure.${measure}`), total: format(total), count: days })}
        caption={t('wallet.usageTitle')}
        dayTitle={t('wallet.day')}
        emptyText={t('wallet.noUsage', { count: days })}
        columns={[
          { title: t('wallet.measure.requests'), cell: (day) => formatNumber(day.requests) },
          { title: t('wallet.measure.bytes'), cell: (day) => formatGb(day.bytes) },
          { title: t('wallet.measure.costFen'), cell: (day) => (work || day.billed ? formatYuan(day.costFen) : t('wallet.notBilled')) },
        ]}
        listed={(day) => day.requests > 0 || day.bytes > 0}
      />
      {work && (
        <Typography.Paragraph type="secondary" className="wallet__prices">
          {t('wallet.workCostNote')}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" className="wallet__prices">
        {t('wallet.prices', {
          request: formatYuan(prices.requestFenPer10k),
          gb: formatYuan(prices.gbFen),
          count: prices.graceDays,
          timeZone: stat.timeZone,
        })}
      </Typography.Paragraph>
    </Card>
  );
}

function WorksCard({ works, days }: { works: WalletWork[]; days: number }) {
  const { t } = useTranslation();
  return (
    <Card title={t('wallet.worksTitle')}>
      <Table<WalletWork>
        rowKey="uid"
        size="small"
        dataSource={works}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('wallet.noWorks', { count: days }) }}
        columns={[
          {
            title: t('wallet.columns.work'),
            dataIndex: 'name',
            render: (_, work) => <Link to={`/details/${work.uid}`}>{work.name}</Link>,
          },
          { title: t('wallet.measure.requests'), dataIndex: 'requests', align: 'right', render: (value: number) => formatNumber(value) },
          { title: t('wallet.measure.bytes'), dataIndex: 'bytes', align: 'right', render: (value: number) => formatGb(value) },
          { title: t('wallet.columns.cost'), dataIndex: 'costFen', align: 'right', render: (value: number) => formatYuan(value) },
          {
            title: t('wallet.columns.budget'),
            key: 'budget',
            width: 220,
            render: (_, work) => (
              <div className="wallet__budget">
                <Progress
                  percent={budgetPercent(work.monthBytes, work.budgetGb)}
                  size="small"
                  status={work.hold === 'budget' ? 'exception' : 'normal'}
                  showInfo={false}
                />
                <span>{t('wallet.budgetUse', { used: formatGb(work.monthBytes), budget: work.budgetGb })}</span>
              </div>
            ),
          },
          {
            title: t('wallet.columns.state'),
            key: 'state',
            render: (_, work) =>
              work.hold ? <Tag color="red">{t(`wallet.hold.${work.hold}`)}</Tag> : <Tag color="green">{t('wallet.served')}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
