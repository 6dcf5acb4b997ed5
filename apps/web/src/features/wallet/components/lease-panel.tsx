import { Alert, Button, Card, InputNumber, Modal, Segmented, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { LEASE_MONTHS_MAX, leasePriceFen, planSavings, type LeasePeriod } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate, formatYuan } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { useLeaseOverview, usePurchaseLease } from '../api/wallet';
import { LeaseSummary } from './lease-summary';
import './wallet.css';

/** The months `?months=` asks for (the recharge's success screen links here with its plan's), else one. */
function requestedMonths(value: string | null): number {
  const months = Number(value);
  return Number.isInteger(months) && months >= 1 && months <= LEASE_MONTHS_MAX ? months : 1;
}

/**
 * /wallet/lease: the lease running or queued, buying more months from the balance, and every period bought.
 * The recharge price list prices lease time for its months (docs/billing.md "What a recharge buys").
 */
export function LeasePanel() {
  const { t } = useTranslation();
  const uid = useSession((session) => session.uid);
  const overview = useLeaseOverview(uid);
  const purchase = usePurchaseLease(uid);
  const [searchParams] = useSearchParams();
  const [months, setMonths] = useState(() => requestedMonths(searchParams.get('months')));
  const [done, setDone] = useState<LeasePeriod | null>(null);

  if (overview.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (overview.isError) return <LoadFailed title={t('wallet.lease.loadFailed')} query={overview} />;

  const { lease, balanceFen, leaseMonthFen, plans, periods } = overview.data;
  const priceFen = leasePriceFen(months, plans, leaseMonthFen);
  const quickMonths = plans.length > 0 ? plans.map((plan) => plan.months) : [1];
  const affordable = priceFen <= balanceFen;

  const buy = () => {
    const idempotencyKey = crypto.randomUUID();
    Modal.confirm({
      title: t('wallet.lease.confirmTitle', { count: months }),
      content: t('wallet.lease.confirmText', {
        price: formatYuan(priceFen),
        start: formatDate(lease.endsAt && lease.endsAt > Date.now() ? lease.endsAt : Date.now(), 'YYYY-MM-DD'),
      }),
      okText: t('wallet.lease.pay', { price: formatYuan(priceFen) }),
      cancelText: t('common.actions.cancel'),
      onOk: () => purchase.mutateAsync({ months, idempotencyKey }).then((bought) => setDone(bought.period)),
    });
  };

  return (
    <div className="wallet" data-testid="lease">
      {done && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setDone(null) }}
          title={t('wallet.lease.bought', {
            count: done.months,
            start: formatDate(done.startsAt, 'YYYY-MM-DD'),
            end: formatDate(done.endsAt, 'YYYY-MM-DD'),
          })}
          data-testid="lease-bought"
        />
      )}
      <section className="wallet__cards">
        <Card size="small" className="wallet__card">
          <LeaseSummary lease={lease} />
        </Card>
        <Card size="small" className="wallet__card">
          <Statistic title={t('wallet.balance')} value={formatYuan(balanceFen)} data-testid="lease-balance" />
        </Card>
      </section>
      <Card title={t('wallet.lease.buyTitle')}>
        <Typography.Paragraph type="secondary">{t('wallet.lease.explain', { price: formatYuan(leaseMonthFen) })}</Typography.Paragraph>
        <div className="wallet__lease-form">
          <Segmented<number>
            value={quickMonths.includes(months) ? months : 0}
            onChange={(value) => value > 0 && setMonths(value)}
            options={plans.map((plan) => {
              const { savingPercent } = planSavings(plan, plans);
              const label = t('wallet.lease.planOption', { count: plan.months, price: formatYuan(plan.feeFen) });
              return {
                value: plan.months,
                label: savingPercent > 0 ? `${label} · ${t('wallet.lease.saving', { percent: savingPercent })}` : label,
              };
            })}
            aria-label={t('wallet.lease.monthsLabel')}
          />
          <InputNumber<number>
            min={1}
            max={LEASE_MONTHS_MAX}
            precision={0}
            value={months}
            onChange={(value) => setMonths(value ?? 1)}
            suffix={t('wallet.lease.monthUnit')}
            aria-label={t('wallet.lease.monthsLabel')}
            data-testid="lease-months"
          />
          <Statistic title={t('wallet.lease.price')} value={formatYuan(priceFen)} data-testid="lease-price" />
          <Button type="primary" disabled={!affordable} loading={purchase.isPending} onClick={buy} data-testid="lease-buy">
            {t('wallet.lease.buy')}
          </Button>
        </div>
        {!affordable && (
          <Alert
            className="wallet__lease-short"
            type="info"
            showIcon
            title={t('wallet.lease.short', { amount: formatYuan(priceFen - balanceFen) })}
            action={<Link to="/recharge/index">{t('wallet.recharge')}</Link>}
          />
        )}
      </Card>
      <Card title={t('wallet.lease.historyTitle')}>
        <Table<LeasePeriod>
          rowKey="id"
          size="small"
          dataSource={periods}
          pagination={periods.length > 10 ? { pageSize: 10 } : false}
          locale={{ emptyText: t('wallet.lease.noPeriods') }}
          scroll={{ x: 560 }}
          columns={[
            { title: t('wallet.lease.boughtAt'), dataIndex: 'createdAt', render: (value: number) => formatDate(value, 'YYYY-MM-DD HH:mm') },
            { title: t('wallet.lease.monthsLabel'), dataIndex: 'months' },
            { title: t('wallet.lease.price'), dataIndex: 'priceFen', align: 'right', render: (value: number) => formatYuan(value) },
            {
              title: t('wallet.lease.period'),
              key: 'period',
              render: (_, period) => `${formatDate(period.startsAt, 'YYYY-MM-DD')} – ${formatDate(period.endsAt, 'YYYY-MM-DD')}`,
            },
            { title: t('wallet.columns.state'), key: 'state', render: (_, period) => <PeriodState period={period} /> },
          ]}
        />
      </Card>
    </div>
  );
}

function PeriodState({ period }: { period: LeasePeriod }) {
  const { t } = useTranslation();
  const now = Date.now();
  if (period.endsAt <= now) return <Tag>{t('wallet.lease.ended')}</Tag>;
  if (period.startsAt > now) return <Tag color="blue">{t('wallet.lease.upcoming')}</Tag>;
  return <Tag color="green">{t('wallet.lease.running')}</Tag>;
}
