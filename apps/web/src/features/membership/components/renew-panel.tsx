import { SyncOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Radio, Result, Segmented, Space, Switch, Typography } from 'antd';
import {
  hasRole,
  Role,
  type FlowRechargeOrder,
  type MembershipItem,
  type MembershipPaymentMethod,
  type MembershipRenewalOptions,
} from '@spatia/contract';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { QrCheckout } from '../../../components/qr-checkout';
import { formatDate, formatYuan } from '../../../lib/format';
import { forgetPurchaseKey, isSpentOrder, purchaseKey, type Purchase } from '../../../lib/purchase-key';
import { useSession } from '../../../stores/session-store';
import { RENEWAL_QUERY_KEYS, useRenewMembership, useSetAutoRenew } from '../api/renew';
import { renewalMethod, renewalQuote, renewedEndsAt } from '../lib/renewal';
import './membership.css';

interface RenewPanelProps {
  /** The membership renewed (null never reaches here: the server offers no renewal without one). */
  membership: MembershipItem | null;
  renewal: MembershipRenewalOptions;
}

/**
 * Renewing the membership held (docs/membership.md "Paying"): months, the total, the balance (disabled with
 * what it lacks) or a QR provider, then a confirmation for the balance or the QR checkout; the switch for
 * automatic renewal below. One Idempotency-Key per purchase (src/lib/purchase-key.ts).
 */
export const RenewPanel = forwardRef<HTMLDivElement, RenewPanelProps>(function RenewPanel({ membership, renewal }, ref) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const renew = useRenewMembership();
  const roles = useSession((session) => session.roles);
  // Spec 2.3: the recharge page is for photographers and customers.
  const canRecharge = hasRole({ roles }, Role.photographer) || hasRole({ roles }, Role.customer);
  const [months, setMonths] = useState<number>(renewal.months[0] ?? 1);
  const [chosen, setChosen] = useState<MembershipPaymentMethod | null>(null);
  const [order, setOrder] = useState<FlowRechargeOrder | null>(null);

  const quote = renewalQuote(renewal, months);
  const method = renewalMethod(quote, chosen);
  const balanceChoice = quote.methods.find((choice) => choice.method === 'balance');
  const purchaseOf = (how: MembershipPaymentMethod, count = months): Purchase<MembershipPaymentMethod> => ({
    what: `membership:${renewal.versionId}`,
    months: count,
    fee: renewal.monthlyPriceFen * count,
    provider: how,
  });
  const send = (purchase: Purchase<MembershipPaymentMethod>) =>
    renew.mutateAsync({ months: purchase.months, method: purchase.provider, idempotencyKey: purchaseKey(purchase) }).then(
      (answer) => answer,
      (error: unknown) => {
        // The server answered (a refusal): the next press is a new purchase. Without an answer the key stays, so a retry pays once.
        if (error instanceof ApiError && error.status !== undefined) forgetPurchaseKey(purchase);
        throw error;
      },
    );

  const payFromBalance = () => {
    const purchase = purchaseOf('balance');
    modal.confirm({
      title: t('membership.renew.confirmTitle'),
      content: t('membership.renew.confirmText', {
        amount: formatYuan(quote.totalFen),
        count: months,
        version: renewal.versionName,
        date: formatDate(renewedEndsAt(membership, months), 'YYYY-MM-DD'),
      }),
      okText: t('membership.renew.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        send(purchase).then(
          (answer) => {
            forgetPurchaseKey(purchase);
            void message.success(
              t('membership.renew.renewed', {
                version: answer.membership.versionName,
                date: formatDate(answer.membership.endsAt, 'YYYY-MM-DD'),
              }),
            );
          },
          // The client has shown the server's message; the dialog closes.
          () => undefined,
        ),
    });
  };

  /** A QR payment: the order to show; one already paid or expired under this key starts the purchase afresh, once. */
  const payByQr = (purchase: Purchase<MembershipPaymentMethod>, afresh = false) => {
    if (afresh) forgetPurchaseKey(purchase);
    send(purchase).then(
      (answer) => {
        const started = answer.order;
        if (started && !afresh && isSpentOrder(started)) payByQr(purchase, true);
        else setOrder(started);
      },
      () => undefined,
    );
  };

  const pay = () => {
    if (method === 'balance') payFromBalance();
    else if (method) payByQr(purchaseOf(method));
  };

  if (order) {
    const purchase = purchaseOf(order.provider, order.months);
    const done = () => {
      forgetPurchaseKey(purchase);
      setOrder(null);
    };
    return (
      <div ref={ref} tabIndex={-1} className="membership-renew" data-testid="membership-renew">
        <QrCheckout
          order={order}
          refreshes={RENEWAL_QUERY_KEYS}
          facts={t('membership.renew.orderFacts', { version: renewal.versionName, count: order.months, orderNo: order.orderNo })}
          paid={(paidOrder) => (
            <Result
              status="success"
              title={t('membership.renew.paidTitle', { amount: formatYuan(paidOrder.amountFen) })}
              subTitle={t('membership.renew.paidText')}
              extra={
                <Button type="primary" onClick={done} data-testid="renew-done">
                  {t('membership.renew.paidBack')}
                </Button>
              }
              data-testid="renew-paid"
            />
          )}
          onAgain={done}
          onRenew={() => payByQr(purchase, true)}
          renewing={renew.isPending}
          testIdPrefix="renew"
        />
      </div>
    );
  }

  return (
    <Card
      ref={ref}
      tabIndex={-1}
      title={
        <span className="membership-card__title">
          <SyncOutlined aria-hidden /> {t('membership.renew.title', { version: renewal.versionName })}
        </span>
      }
      className="membership-card membership-renew"
      data-testid="membership-renew"
    >
      <Typography.Paragraph type="secondary">
        {t('membership.renew.intro', { price: formatYuan(renewal.monthlyPriceFen) })}
      </Typography.Paragraph>
      {quote.blocked === 'debt' && (
        <Alert
          type="warning"
          showIcon
          className="membership-renew__alert"
          title={t('membership.renew.debt', { debt: formatYuan(renewal.debtFen) })}
          data-testid="renew-debt"
        />
      )}
      <div className="membership-renew__field">
        <Typography.Text strong id="renew-months-label">
          {t('membership.renew.months')}
        </Typography.Text>
        <Segmented<number>
          value={months}
          onChange={setMonths}
          options={renewal.months.map((count) => ({
            value: count,
            label: <span data-testid={`renew-months-${count}`}>{t('membership.renew.monthsOption', { count })}</span>,
          }))}
          aria-labelledby="renew-months-label"
          className="membership-renew__months"
        />
      </div>
      <div className="membership-renew__total">
        <Typography.Text type="secondary">{t('membership.renew.total')}</Typography.Text>
        <span className="membership-renew__amount" data-testid="renew-total">
          {formatYuan(quote.totalFen)}
        </span>
      </div>
      <div className="membership-renew__field">
        <Typography.Text strong id="renew-method-label">
          {t('membership.renew.method')}
        </Typography.Text>
        <Radio.Group
          value={method}
          onChange={(event) => setChosen(event.target.value as MembershipPaymentMethod)}
          aria-labelledby="renew-method-label"
          className="membership-renew__methods"
        >
          {quote.methods.map((choice) => (
            <Radio key={choice.method} value={choice.method} disabled={choice.disabled}>
              <span data-testid={`renew-method-${choice.method}`}>
                {choice.method === 'balance'
                  ? t('membership.renew.balance', { balance: formatYuan(renewal.balanceFen) })
                  : t(`checkout.provider.${choice.method}`)}
              </span>
              {choice.method === 'balance' && choice.shortFen > 0 && (
                <Typography.Text type="danger" className="membership-renew__short" data-testid="renew-short">
                  {t('membership.renew.short', { amount: formatYuan(choice.shortFen) })}
                </Typography.Text>
              )}
            </Radio>
          ))}
        </Radio.Group>
        {balanceChoice && balanceChoice.shortFen > 0 && quote.blocked === null && canRecharge && (
          <Link to="/recharge/index" data-testid="renew-recharge">
            {t('membership.renew.recharge')}
          </Link>
        )}
      </div>
      {method === null && quote.blocked === null && <Alert type="info" showIcon title={t('membership.renew.noMethod')} />}
      <Button
        type="primary"
        size="large"
        disabled={method === null}
        loading={renew.isPending}
        onClick={pay}
        className="membership-renew__pay"
        data-testid="renew-pay"
      >
        {t('membership.renew.pay', { amount: formatYuan(quote.totalFen) })}
      </Button>
      {membership?.status === 'active' && <AutoRenewSwitch membership={membership} monthlyPriceFen={renewal.monthlyPriceFen} />}
    </Card>
  );
});

/** Automatic renewal: one month from the balance at the end of each period. */
function AutoRenewSwitch({ membership, monthlyPriceFen }: { membership: MembershipItem; monthlyPriceFen: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setAutoRenew = useSetAutoRenew();
  return (
    <div className="membership-renew__auto">
      <Space align="start" size={12}>
        <Switch
          id="membership-auto-renew"
          checked={membership.autoRenew}
          loading={setAutoRenew.isPending}
          onChange={(autoRenew) =>
            setAutoRenew.mutate(
              { autoRenew },
              {
                onSuccess: (updated) =>
                  void message.success(t(updated.autoRenew ? 'membership.renew.autoRenewOn' : 'membership.renew.autoRenewOff')),
              },
            )
          }
          data-testid="renew-auto"
        />
        <div>
          <label htmlFor="membership-auto-renew" className="membership-renew__auto-label">
            {t('membership.renew.autoRenew')}
          </label>
          <Typography.Paragraph type="secondary" className="membership-renew__auto-hint">
            {t('membership.renew.autoRenewHint', { price: formatYuan(monthlyPriceFen) })}
          </Typography.Paragraph>
        </div>
      </Space>
    </div>
  );
}
