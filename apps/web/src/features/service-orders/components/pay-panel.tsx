import { WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Radio, Result, Typography } from 'antd';
import type { FlowRechargeOrder, ServiceOrderDetail, ServicePaymentMethod, ServicePaymentPart, UserOverview } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { QrCheckout } from '../../../components/qr-checkout';
import { formatYuan } from '../../../lib/format';
import { forgetPurchaseKey, isSpentOrder, purchaseKey, type Purchase } from '../../../lib/purchase-key';
import { SERVICE_ORDER_REFRESHES, usePayServiceOrder, useServiceOrderOptions } from '../api/service-orders';

/** The parts a customer may pay now: deposit or whole for a placed order, the rest once a deposit was paid. */
export function payableParts(order: ServiceOrderDetail): { part: ServicePaymentPart; amountFen: number }[] {
  if (!order.actions.includes('pay')) return [];
  if (order.status === 'placed') {
    const whole = { part: 'whole' as const, amountFen: order.priceFen };
    return order.depositFen < order.priceFen ? [{ part: 'deposit', amountFen: order.depositFen }, whole] : [whole];
  }
  return order.payable ? [order.payable] : [];
}

/**
 * Paying an order's deposit, its whole price or the rest (docs/web.md "Service orders"): the part, then the
 * balance (with what it lacks) or a QR provider; the balance asks for a confirmation, a provider shows the
 * shared QR checkout. One Idempotency-Key per purchase (lib/purchase-key.ts).
 */
export function PayPanel({ order, initialPart }: { order: ServiceOrderDetail; initialPart?: ServicePaymentPart }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const parts = payableParts(order);
  const [part, setPart] = useState<ServicePaymentPart | undefined>(
    parts.find((candidate) => candidate.part === initialPart)?.part ?? parts[0]?.part,
  );
  const [chosenMethod, setMethod] = useState<ServicePaymentMethod | null>(null);
  const [checkout, setCheckout] = useState<FlowRechargeOrder | null>(null);
  const options = useServiceOrderOptions();
  const overview = useQuery({
    queryKey: queryKeys.overview,
    queryFn: (): Promise<UserOverview> => api.get('/c/my/overview', { silent: true }),
    meta: { session: true },
  });
  const pay = usePayServiceOrder();
  const chosen = parts.find((candidate) => candidate.part === part) ?? parts[0];
  if (!chosen) return null;

  const balanceFen = overview.data?.balance ?? null;
  const shortFen = balanceFen === null ? 0 : Math.max(0, chosen.amountFen - balanceFen);
  const providers = options.data?.providers ?? [];
  // The balance until the person chooses, unless it lacks money: then the first QR provider.
  const method: ServicePaymentMethod = chosenMethod ?? (shortFen > 0 && providers[0] ? providers[0] : 'balance');
  const purchaseOf = (how: ServicePaymentMethod): Purchase<ServicePaymentMethod> => ({
    what: `service:${order.id}:${chosen.part}`,
    months: 0,
    fee: chosen.amountFen,
    provider: how,
  });
  const send = (purchase: Purchase<ServicePaymentMethod>) =>
    pay
      .mutateAsync({ id: order.id, part: chosen.part, method: purchase.provider, idempotencyKey: purchaseKey(purchase) })
      .catch((error: unknown) => {
        // A refusal: the next press is a new purchase. Without an answer the key stays, so a retry pays once.
        if (error instanceof ApiError && error.status !== undefined) forgetPurchaseKey(purchase);
        throw error;
      });

  const payFromBalance = () => {
    const purchase = purchaseOf('balance');
    modal.confirm({
      title: t('serviceOrders.pay.confirmTitle'),
      content: t('serviceOrders.pay.confirmText', { amount: formatYuan(chosen.amountFen), part: t(`serviceOrders.part.${chosen.part}`) }),
      okText: t('serviceOrders.pay.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        send(purchase).then(
          () => {
            forgetPurchaseKey(purchase);
            void message.success(t('serviceOrders.pay.paid', { amount: formatYuan(chosen.amountFen) }));
          },
          () => undefined,
        ),
    });
  };

  const payByQr = (purchase: Purchase<ServicePaymentMethod>, afresh = false) => {
    if (afresh) forgetPurchaseKey(purchase);
    send(purchase).then(
      (answer) => {
        const started = answer.payment;
        if (started && !afresh && isSpentOrder(started)) payByQr(purchase, true);
        else setCheckout(started);
      },
      () => undefined,
    );
  };

  if (checkout) {
    const purchase = purchaseOf(checkout.provider);
    const done = () => {
      forgetPurchaseKey(purchase);
      setCheckout(null);
    };
    return (
      <QrCheckout
        order={checkout}
        refreshes={SERVICE_ORDER_REFRESHES}
        facts={t('serviceOrders.pay.facts', { part: t(`serviceOrders.part.${chosen.part}`), orderNo: order.orderNo })}
        paid={(paid) => (
          <Result
            status="success"
            title={t('serviceOrders.pay.paid', { amount: formatYuan(paid.amountFen) })}
            extra={
              <Button type="primary" onClick={done} data-testid="service-pay-done">
                {t('serviceOrders.pay.back')}
              </Button>
            }
            data-testid="service-pay-paid"
          />
        )}
        onAgain={done}
        onRenew={() => payByQr(purchase, true)}
        renewing={pay.isPending}
        testIdPrefix="service-pay"
      />
    );
  }

  return (
    <Card
      className="service-pay"
      title={
        <span>
          <WalletOutlined aria-hidden /> {t('serviceOrders.pay.title')}
        </span>
      }
      data-testid="service-pay"
    >
      {parts.length > 1 && (
        <div className="service-pay__field">
          <Typography.Text strong id="service-pay-part">
            {t('serviceOrders.pay.part')}
          </Typography.Text>
          <Radio.Group
            value={chosen.part}
            onChange={(event) => setPart(event.target.value as ServicePaymentPart)}
            aria-labelledby="service-pay-part"
          >
            {parts.map((candidate) => (
              <Radio key={candidate.part} value={candidate.part} data-testid={`service-pay-part-${candidate.part}`}>
                {t(`serviceOrders.part.${candidate.part}`)} · {formatYuan(candidate.amountFen)}
              </Radio>
            ))}
          </Radio.Group>
        </div>
      )}
      <div className="service-pay__field">
        <Typography.Text strong id="service-pay-method">
          {t('serviceOrders.pay.method')}
        </Typography.Text>
        <Radio.Group
          value={method}
          onChange={(event) => setMethod(event.target.value as ServicePaymentMethod)}
          aria-labelledby="service-pay-method"
          className="service-pay__methods"
        >
          <Radio value="balance" disabled={shortFen > 0} data-testid="service-pay-method-balance">
            {balanceFen === null
              ? t('serviceOrders.pay.balanceUnknown')
              : t('serviceOrders.pay.balance', { balance: formatYuan(balanceFen) })}
            {shortFen > 0 && (
              <Typography.Text type="danger" className="service-pay__short">
                {' '}
                {t('serviceOrders.pay.short', { amount: formatYuan(shortFen) })}
              </Typography.Text>
            )}
          </Radio>
          {providers.map((provider) => (
            <Radio key={provider} value={provider} data-testid={`service-pay-method-${provider}`}>
              {t(`checkout.provider.${provider}`)}
            </Radio>
          ))}
        </Radio.Group>
      </div>
      {shortFen > 0 && method === 'balance' && <Alert type="info" showIcon title={t('serviceOrders.pay.chooseProvider')} />}
      <Button
        type="primary"
        size="large"
        loading={pay.isPending}
        disabled={method === 'balance' && shortFen > 0}
        onClick={() => (method === 'balance' ? payFromBalance() : payByQr(purchaseOf(method)))}
        data-testid="service-pay-submit"
      >
        {t('serviceOrders.pay.submit', { amount: formatYuan(chosen.amountFen) })}
      </Button>
    </Card>
  );
}
