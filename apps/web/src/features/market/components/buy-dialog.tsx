import { Alert, Button, Descriptions, Modal, Radio, Result, Space, Typography } from 'antd';
import {
  hasRole,
  Role,
  type FlowRechargeOrder,
  type MarketListingDetail,
  type MarketPaymentMethod,
  type MarketPurchase,
  type PaymentProvider,
} from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { QrCheckout } from '../../../components/qr-checkout';
import { formatYuan } from '../../../lib/format';
import { forgetPurchaseKey, isSpentOrder, purchaseKey, type Purchase } from '../../../lib/purchase-key';
import { useSession } from '../../../stores/session-store';
import { PURCHASE_QUERY_KEYS, usePurchaseListing } from '../api/market';
import { BOUGHT_WORKS_PATH, boughtWorkPath } from '../lib/market-paths';
import { purchasePlanOf } from '../lib/purchase-plan';

type Step =
  | { kind: 'confirm' }
  | { kind: 'qr'; order: FlowRechargeOrder }
  | { kind: 'done'; purchase: MarketPurchase | null; balanceFen: number | null };

interface BuyDialogProps {
  listing: MarketListingDetail;
  open: boolean;
  onClose: () => void;
}

/**
 * Buying a listing (docs/market.md): the price, the balance and how it is paid: from the balance when it covers
 * the price, else the balance and a QR code for the rest, which completes the purchase once paid. Then a way
 * to the bought work. One Idempotency-Key per purchase (src/lib/purchase-key.ts), so a second press buys once.
 */
export function BuyDialog({ listing, open, onClose }: BuyDialogProps) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<PaymentProvider | undefined>(undefined);
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const purchase = usePurchaseListing();
  const plan = purchasePlanOf(listing, true, provider);
  const name = listing.work.name;

  const purchaseOf = (method: MarketPaymentMethod): Purchase<MarketPaymentMethod> => ({
    what: `market:${listing.id}`,
    months: 0,
    fee: listing.priceFen,
    provider: method,
  });

  const send = (method: MarketPaymentMethod, afresh = false) => {
    const key = purchaseOf(method);
    if (afresh) forgetPurchaseKey(key);
    purchase.mutate(
      { id: listing.id, method, idempotencyKey: purchaseKey(key) },
      {
        onSuccess: (answer) => {
          if (answer.order) {
            // This key's order was paid or ended already: the purchase starts afresh, once.
            if (!afresh && isSpentOrder(answer.order) && answer.order.status !== 'paid') send(method, true);
            else setStep({ kind: 'qr', order: answer.order });
            return;
          }
          forgetPurchaseKey(key);
          setStep({ kind: 'done', purchase: answer.purchase, balanceFen: answer.balanceFen });
        },
        onError: (error) => {
          // The server answered (a refusal): the next press is a new purchase. Without an answer the key stays, so a retry buys once.
          if (error instanceof ApiError && error.status !== undefined) forgetPurchaseKey(key);
        },
      },
    );
  };

  const close = () => {
    if (step.kind === 'qr') forgetPurchaseKey(purchaseOf(step.order.provider));
    onClose();
  };

  let body;
  let footer;
  if (step.kind === 'done') {
    body = <BoughtResult name={name} purchase={step.purchase} balanceFen={step.balanceFen} onClose={close} />;
    footer = null;
  } else if (step.kind === 'qr') {
    body = (
      <QrCheckout
        order={step.order}
        refreshes={PURCHASE_QUERY_KEYS}
        facts={t('market.buy.orderFacts', { name, orderNo: step.order.orderNo })}
        paid={() => <BoughtResult name={name} purchase={null} balanceFen={null} onClose={close} />}
        onAgain={() => {
          forgetPurchaseKey(purchaseOf(step.order.provider));
          setStep({ kind: 'confirm' });
        }}
        onRenew={() => send(step.order.provider, true)}
        renewing={purchase.isPending}
        testIdPrefix="market"
      />
    );
    footer = null;
  } else {
    body = <BuyConfirm listing={listing} provider={provider} onProvider={setProvider} />;
    const method = plan.kind === 'buy' ? plan.method : null;
    footer = [
      <Button key="cancel" onClick={close}>
        {t('common.actions.cancel')}
      </Button>,
      <Button
        key="pay"
        type="primary"
        disabled={method === null}
        loading={purchase.isPending}
        onClick={() => method && send(method)}
        data-testid="market-buy-pay"
      >
        {plan.kind === 'buy' && plan.restFen > 0
          ? t('market.buy.payQr', { amount: formatYuan(plan.restFen) })
          : t('market.buy.payBalance', { amount: formatYuan(listing.priceFen) })}
      </Button>,
    ];
  }

  return (
    <Modal
      open={open}
      title={t('market.buy.title', { name })}
      onCancel={close}
      footer={footer}
      width={step.kind === 'qr' ? 640 : 520}
      destroyOnHidden
      afterClose={() => setStep({ kind: 'confirm' })}
      mask={{ closable: step.kind === 'confirm' }}
      data-testid="market-buy-dialog"
    >
      {body}
    </Modal>
  );
}

/** The price, the balance and how the price will be paid. */
function BuyConfirm({
  listing,
  provider,
  onProvider,
}: {
  listing: MarketListingDetail;
  provider: PaymentProvider | undefined;
  onProvider: (provider: PaymentProvider) => void;
}) {
  const { t } = useTranslation();
  const roles = useSession((session) => session.roles);
  // Spec 2.3: the recharge page is for photographers and customers.
  const canRecharge = hasRole({ roles }, Role.photographer) || hasRole({ roles }, Role.customer);
  const plan = purchasePlanOf(listing, true, provider);
  if (plan.kind !== 'buy') return null;
  const short = plan.restFen > 0;
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'work', label: t('market.buy.work'), children: listing.work.name },
          { key: 'licence', label: t('market.buy.licence'), children: t(`market.licence.${listing.licence}.name`) },
          {
            key: 'price',
            label: t('market.buy.price'),
            children: <strong data-testid="market-buy-price">{formatYuan(plan.priceFen)}</strong>,
          },
          {
            key: 'balance',
            label: t('market.buy.balance'),
            children: <span data-testid="market-buy-balance">{formatYuan(plan.balanceFen)}</span>,
          },
        ]}
      />
      <div className="market-buy__how" data-testid="market-buy-how">
        {short ? (
          <Typography.Paragraph>
            {t('market.buy.splitText', { fromBalance: formatYuan(plan.fromBalanceFen), rest: formatYuan(plan.restFen) })}
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph>
            {t('market.buy.balanceText', { amount: formatYuan(plan.priceFen), after: formatYuan(plan.balanceFen - plan.priceFen) })}
          </Typography.Paragraph>
        )}
        {short && listing.providers.length > 1 && (
          <Radio.Group
            value={plan.method}
            onChange={(event) => onProvider(event.target.value as PaymentProvider)}
            aria-label={t('market.buy.provider')}
          >
            <Space wrap>
              {listing.providers.map((value) => (
                <Radio key={value} value={value}>
                  {t(`checkout.provider.${value}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
        {short && plan.method === null && (
          <Alert
            type="warning"
            showIcon
            title={t('market.buy.noProvider', { short: formatYuan(plan.restFen) })}
            action={
              canRecharge ? (
                <Link to="/recharge/index">
                  <Button size="small">{t('market.buy.recharge')}</Button>
                </Link>
              ) : undefined
            }
          />
        )}
      </div>
    </>
  );
}

/** Bought: a way to the work (the purchase's when it is known) and to all bought works. */
function BoughtResult({
  name,
  purchase,
  balanceFen,
  onClose,
}: {
  name: string;
  purchase: MarketPurchase | null;
  balanceFen: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const workPath = purchase ? boughtWorkPath(purchase) : null;
  const go = (path: string) => {
    onClose();
    void navigate(path);
  };
  return (
    <Result
      status="success"
      title={t('market.buy.doneTitle', { name })}
      subTitle={balanceFen !== null ? t('market.buy.doneBalance', { balance: formatYuan(balanceFen) }) : t('market.buy.donePaid')}
      extra={
        <Space wrap>
          {workPath && (
            <Button type="primary" onClick={() => go(workPath)} data-testid="market-open-bought">
              {t(purchase?.licence === 'copy' ? 'market.buy.openCopy' : 'market.buy.openWork')}
            </Button>
          )}
          <Button type={workPath ? 'default' : 'primary'} onClick={() => go(BOUGHT_WORKS_PATH)} data-testid="market-go-bought">
            {t('market.buy.goBought')}
          </Button>
        </Space>
      }
      data-testid="market-bought"
    />
  );
}
