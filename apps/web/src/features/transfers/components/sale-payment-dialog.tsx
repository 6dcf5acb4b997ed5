import { Alert, App, Button, Descriptions, Modal, Radio, Result, Skeleton, Typography } from 'antd';
import type { FlowRechargeOrder, PaymentProvider, TransferPaymentMethod, TransferPaymentOptions } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { LoadFailed } from '../../../components/load-failed';
import { QrCheckout } from '../../../components/qr-checkout';
import { formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { forgetPurchaseKey, isSpentOrder, purchaseKey, type Purchase } from '../../../lib/purchase-key';
import { SALE_PAID_QUERY_KEYS, useConfirmSale } from '../api/answer-transfer';
import { useTransferPayment } from '../api/get-transfer-payment';
import type { WorkTransfer } from '../api/types';

interface SalePaymentDialogProps {
  /** The sale being confirmed; null: the dialog is closed. */
  transfer: WorkTransfer | null;
  onClose: () => void;
  /** The sale is confirmed (from the balance, or its QR payment is paid). */
  onConfirmed: () => void;
}

/**
 * Confirming a targeted sale (docs/payments.md "Fulfilment"): the price, the balance and what it lacks; a
 * balance that holds the price pays it at once, a short one offers to pay the rest by a payment QR code,
 * whose payment confirms the sale on the server. One Idempotency-Key per purchase (src/lib/purchase-key.ts).
 */
export function SalePaymentDialog({ transfer, onClose, onConfirmed }: SalePaymentDialogProps) {
  const { t } = useTranslation();
  const payment = useTransferPayment(transfer?.id ?? null);
  const [order, setOrder] = useState<FlowRechargeOrder | null>(null);
  const close = () => {
    setOrder(null);
    onClose();
  };
  return (
    <Modal
      open={transfer !== null}
      title={transfer ? t('transfers.confirm.title', { name: transfer.work.name || t('transfers.untitled') }) : null}
      footer={null}
      onCancel={close}
      destroyOnHidden
      width={order ? 640 : 520}
      className="sale-payment"
      data-testid="sale-payment"
    >
      {transfer &&
        // Once an order is under way its checkout stays, whatever the options say after the payment confirmed the sale.
        (order === null && payment.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : order === null && !payment.data ? (
          <LoadFailed title={t('transfers.pay.loadFailed')} query={payment} />
        ) : (
          <SalePayment
            transfer={transfer}
            options={payment.data}
            order={order}
            onOrder={setOrder}
            onConfirmed={() => {
              setOrder(null);
              onConfirmed();
            }}
          />
        ))}
    </Modal>
  );
}

function SalePayment({
  transfer,
  options,
  order,
  onOrder,
  onConfirmed,
}: {
  transfer: WorkTransfer;
  /** Undefined only while `order` is shown (the options may fail once the payment confirmed the sale). */
  options: TransferPaymentOptions | undefined;
  order: FlowRechargeOrder | null;
  onOrder: (order: FlowRechargeOrder | null) => void;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmSale = useConfirmSale();
  const [chosen, setChosen] = useState<PaymentProvider | null>(null);
  const provider = chosen ?? options?.providers[0] ?? null;
  const purchaseOf = (method: TransferPaymentMethod, fee: number): Purchase<TransferPaymentMethod> => ({
    what: `transfer:${transfer.id}`,
    months: 0,
    fee,
    provider: method,
  });

  const confirmed = () => {
    void message.success(t('transfers.confirm.done'));
    onConfirmed();
  };

  /** Confirms by `method`; an order already paid or expired under this key starts the purchase afresh, once. */
  const send = (purchase: Purchase<TransferPaymentMethod>, afresh = false) => {
    if (afresh) forgetPurchaseKey(purchase);
    confirmSale.mutateAsync({ id: transfer.id, method: purchase.provider, idempotencyKey: purchaseKey(purchase) }).then(
      (answer) => {
        if (answer.order === null) {
          forgetPurchaseKey(purchase);
          confirmed();
        } else if (!afresh && isSpentOrder(answer.order)) send(purchase, true);
        else onOrder(answer.order);
      },
      (error: unknown) => {
        // The server answered (a refusal, shown by the client): the next press is a new purchase.
        if (error instanceof ApiError && error.status !== undefined) forgetPurchaseKey(purchase);
      },
    );
  };

  if (order) {
    const purchase = purchaseOf(order.provider, order.amountFen);
    const back = () => {
      forgetPurchaseKey(purchase);
      onOrder(null);
    };
    return (
      <QrCheckout
        order={order}
        refreshes={SALE_PAID_QUERY_KEYS}
        facts={t('transfers.pay.orderFacts', { name: transfer.work.name || t('transfers.untitled'), orderNo: order.orderNo })}
        paid={(paidOrder) => (
          <Result
            status="success"
            title={t('transfers.pay.paidTitle', { amount: formatYuan(paidOrder.amountFen) })}
            subTitle={t('transfers.pay.paidText')}
            extra={
              <Button
                type="primary"
                onClick={() => {
                  forgetPurchaseKey(purchase);
                  onConfirmed();
                }}
                data-testid="sale-paid-done"
              >
                {t('transfers.pay.done')}
              </Button>
            }
            data-testid="sale-paid"
          />
        )}
        onAgain={back}
        onRenew={() => send(purchase, true)}
        renewing={confirmSale.isPending}
        testIdPrefix="sale"
      />
    );
  }

  if (!options) return null;
  const short = options.shortFen > 0;
  const values = { sender: displayPersonName(transfer.sender.name, t), price: formatYuan(options.priceFen) };
  return (
    <div className="sale-payment__body">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'price', label: t('transfers.pay.price'), children: formatYuan(options.priceFen) },
          {
            key: 'balance',
            label: t('transfers.pay.balance'),
            children: <span data-testid="sale-balance">{formatYuan(options.balanceFen)}</span>,
          },
          ...(options.debtFen > 0 ? [{ key: 'debt', label: t('transfers.pay.debt'), children: formatYuan(options.debtFen) }] : []),
        ]}
      />
      {!short ? (
        <>
          <Typography.Paragraph>{t('transfers.confirm.sale', values)}</Typography.Paragraph>
          <div className="sale-payment__actions">
            <Button
              type="primary"
              loading={confirmSale.isPending}
              onClick={() => send(purchaseOf('balance', options.priceFen))}
              data-testid="sale-confirm-balance"
            >
              {t('transfers.confirm.ok')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            className="sale-payment__short"
            title={t('transfers.pay.short', { amount: formatYuan(options.shortFen) })}
            description={t(options.debtFen > 0 ? 'transfers.pay.shortHintDebt' : 'transfers.pay.shortHint', values)}
            data-testid="sale-short"
          />
          {provider === null ? (
            <Alert type="info" showIcon title={t('transfers.pay.noProvider')} />
          ) : (
            <>
              {options.providers.length > 1 && (
                <Radio.Group
                  value={provider}
                  onChange={(event) => setChosen(event.target.value as PaymentProvider)}
                  aria-label={t('transfers.pay.method')}
                  className="sale-payment__methods"
                >
                  {options.providers.map((choice) => (
                    <Radio key={choice} value={choice} data-testid={`sale-method-${choice}`}>
                      {t(`checkout.provider.${choice}`)}
                    </Radio>
                  ))}
                </Radio.Group>
              )}
              <div className="sale-payment__actions">
                <Button
                  type="primary"
                  loading={confirmSale.isPending}
                  onClick={() => send(purchaseOf(provider, options.shortFen))}
                  data-testid="sale-pay-qr"
                >
                  {t('transfers.pay.payRest', { amount: formatYuan(options.shortFen), provider: t(`checkout.provider.${provider}`) })}
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
