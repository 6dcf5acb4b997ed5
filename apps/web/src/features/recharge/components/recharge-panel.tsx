import { Alert, Button, Card, Checkbox, Radio, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { planSavings, type FlowRechargeOrder, type PaymentProvider } from '@spatia/contract';
import { LoadFailed } from '../../../components/load-failed';
import { formatYuan } from '../../../lib/format';
import { useRechargeOptions, useStartRecharge } from '../api/recharge';
import { forgetPurchaseKey, isSpentOrder, purchaseKey, type Purchase } from '../../../lib/purchase-key';
import { RechargeCheckout } from './recharge-checkout';
import './recharge.css';

/**
 * /recharge/index: pick months of flow, a payment method, agree to the recharge protocol, pay by QR
 * code; the balance shows the money the moment the provider confirms it.
 */
export function RechargePanel() {
  const { t } = useTranslation();
  const options = useRechargeOptions();
  const start = useStartRecharge();
  const [months, setMonths] = useState<number | null>(null);
  const [provider, setProvider] = useState<PaymentProvider | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [order, setOrder] = useState<FlowRechargeOrder | null>(null);

  if (options.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (options.isError) return <LoadFailed title={t('payments.loadFailed')} query={options} />;

  const { plans, providers, balanceFen } = options.data;
  const plan = plans.find((candidate) => candidate.months === months) ?? plans[0];
  const method = provider ?? providers[0];

  /**
   * One key per purchase (src/lib/purchase-key.ts): a second press or tab shows the same QR code. A key whose
   * order can no longer be paid (paid, closed, expired) is spent: the purchase then starts afresh, once.
   */
  const startPurchase = (purchase: Purchase, afresh = false) => {
    if (afresh) forgetPurchaseKey(purchase);
    const { months, fee, provider } = purchase;
    start.mutate(
      { months, fee, provider, idempotencyKey: purchaseKey(purchase) },
      {
        onSuccess: (answered) => {
          if (!afresh && isSpentOrder(answered)) startPurchase(purchase, true);
          else setOrder(answered);
        },
      },
    );
  };
  const pay = () => {
    if (plan && method) startPurchase({ what: 'flowRecharge', months: plan.months, fee: plan.feeFen, provider: method });
  };

  if (order) {
    const purchase = { what: 'flowRecharge', months: order.months, fee: order.amountFen, provider: order.provider };
    return (
      <RechargeCheckout
        order={order}
        onAgain={() => {
          forgetPurchaseKey(purchase);
          setOrder(null);
          void options.refetch();
        }}
        onRenew={() => startPurchase(purchase, true)}
        renewing={start.isPending}
      />
    );
  }

  return (
    <div className="recharge">
      <Card className="recharge__balance">
        <Statistic title={t('payments.balance')} value={formatYuan(balanceFen)} data-testid="recharge-balance" />
        <Typography.Text type="secondary">{t('payments.balanceHint')}</Typography.Text>
      </Card>

      <Card title={t('payments.choosePlan')} className="recharge__plans">
        {plans.length === 0 ? (
          <Alert type="info" showIcon title={t('payments.noPlans')} />
        ) : (
          <Radio.Group
            value={plan?.months}
            onChange={(event) => setMonths(Number(event.target.value))}
            className="recharge__plan-grid"
            aria-label={t('payments.choosePlan')}
          >
            {plans.map((candidate) => {
              const { perMonthFen, savingPercent } = planSavings(candidate, plans);
              return (
                <Radio.Button key={candidate.months} value={candidate.months} className="recharge__plan">
                  <span className="recharge__plan-months" data-testid={`recharge-plan-${candidate.months}`}>
                    {t('payments.months', { count: candidate.months })}
                  </span>
                  <span className="recharge__plan-fee">{formatYuan(candidate.feeFen)}</span>
                  <span className="recharge__plan-detail">
                    {t('payments.perMonth', { price: formatYuan(perMonthFen) })}
                    {savingPercent > 0 && <Tag color="green">{t('payments.saving', { percent: savingPercent })}</Tag>}
                  </span>
                </Radio.Button>
              );
            })}
          </Radio.Group>
        )}
      </Card>

      <Card title={t('payments.chooseMethod')} className="recharge__methods">
        <Radio.Group
          value={method}
          onChange={(event) => setProvider(event.target.value as PaymentProvider)}
          aria-label={t('payments.chooseMethod')}
        >
          {providers.map((candidate) => (
            <Radio.Button key={candidate} value={candidate}>
              <span data-testid={`recharge-provider-${candidate}`}>{t(`checkout.provider.${candidate}`)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
        {method === 'sandbox' && <Alert className="recharge__sandbox-note" type="warning" showIcon title={t('payments.sandboxNote')} />}
      </Card>

      <div className="recharge__pay">
        <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} data-testid="recharge-agree">
          <Trans
            i18nKey="payments.agree"
            values={{ agreement: t('menu.rechargeProtocol') }}
            components={{ protocol: <Link to="/rechargeProtocol" target="_blank" rel="noopener" /> }}
          />
        </Checkbox>
        <Button
          type="primary"
          size="large"
          disabled={!agreed || !plan || !method}
          loading={start.isPending}
          onClick={pay}
          data-testid="recharge-pay"
        >
          {plan ? t('payments.pay', { amount: formatYuan(plan.feeFen) }) : t('payments.choosePlan')}
        </Button>
        {!agreed && (
          <Typography.Text type="secondary">{t('payments.agreeFirst', { agreement: t('menu.rechargeProtocol') })}</Typography.Text>
        )}
      </div>
    </div>
  );
}
