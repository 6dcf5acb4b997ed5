import { LoadingOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Tag, Typography } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowRechargeOrder } from '@spatia/contract';
import { usePaymentOrder } from '../api/payment-order';
import { absoluteCheckoutUrl } from '../lib/checkout-url';
import { formatYuan } from '../lib/format';
import { useNow } from '../lib/use-now';
import { QrCode } from './qr-code';
import './qr-checkout.css';

interface QrCheckoutProps {
  /** The order as the purchase answered it; the checkout polls it from there. */
  order: FlowRechargeOrder;
  /** What a paid order changed (a balance, a membership, the bell): fetched again once it is paid. */
  refreshes: readonly QueryKey[];
  /** What the order buys, under the amount ("3 months of traffic · order R…"). */
  facts: string;
  /** What shows once the provider says paid. */
  paid: (order: FlowRechargeOrder) => ReactNode;
  /** Back to the choices (to choose again, or after an expired code). */
  onAgain: () => void;
  /** A new QR code for the same purchase, after this one expired. */
  onRenew: () => void;
  renewing: boolean;
  /** Prefixes the test ids: `{testIdPrefix}-checkout`, `-qr`, `-waiting`, `-open-checkout`, `-expired`, `-renew`. */
  testIdPrefix: string;
}

/**
 * A payment by QR code, of a recharge or a membership renewal (docs/payments.md): the code while the order
 * waits, with the amount, a countdown and, for the sandbox, a link to its test checkout; what `paid` shows
 * once the provider says paid; a way to a new code once this one expired.
 */
export function QrCheckout({ order: started, refreshes, facts, paid, onAgain, onRenew, renewing, testIdPrefix }: QrCheckoutProps) {
  const { t } = useTranslation();
  const polled = usePaymentOrder(started.id, refreshes);
  const order = polled.data ?? started;
  const now = useNow(1000);

  if (order.status === 'paid') return paid(order);

  const expired = order.status === 'closed' || order.expiresAt <= now;
  if (expired) {
    return (
      <Result
        status="warning"
        title={t('checkout.expiredTitle')}
        subTitle={t('checkout.expiredText')}
        extra={
          <Space wrap>
            <Button type="primary" loading={renewing} onClick={onRenew} data-testid={`${testIdPrefix}-renew`}>
              {t('checkout.renew')}
            </Button>
            <Button onClick={onAgain}>{t('checkout.chooseAgain')}</Button>
          </Space>
        }
        data-testid={`${testIdPrefix}-expired`}
      />
    );
  }

  const url = absoluteCheckoutUrl(order.codeUrl, window.location.origin);
  const secondsLeft = Math.max(0, Math.floor((order.expiresAt - now) / 1000));
  const countdown = `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}`;
  const scan = t('checkout.scan', { provider: t(`checkout.provider.${order.provider}`) });

  return (
    <Card className="qr-checkout" data-testid={`${testIdPrefix}-checkout`}>
      <div className="qr-checkout__body">
        <div className="qr-checkout__qr">
          <QrCode value={url} label={scan} testId={`${testIdPrefix}-qr`} />
        </div>
        <div className="qr-checkout__facts">
          <Typography.Title level={2} className="qr-checkout__amount">
            {formatYuan(order.amountFen)}
          </Typography.Title>
          <Typography.Paragraph>
            {scan}
            {order.provider === 'sandbox' && <Tag color="orange">{t('checkout.testTag')}</Tag>}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{facts}</Typography.Paragraph>
          <Typography.Paragraph role="status" aria-live="polite" data-testid={`${testIdPrefix}-waiting`}>
            <LoadingOutlined /> {t('checkout.waiting', { time: countdown })}
          </Typography.Paragraph>
          {order.provider === 'sandbox' && (
            <Typography.Paragraph>
              <Typography.Link href={url} target="_blank" rel="noopener" data-testid={`${testIdPrefix}-open-checkout`}>
                {t('checkout.openTestCheckout')}
              </Typography.Link>
            </Typography.Paragraph>
          )}
          <Button onClick={onAgain}>{t('checkout.chooseAgain')}</Button>
        </div>
      </div>
    </Card>
  );
}
