import { LoadingOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission, Permission, type FlowRechargeOrder } from '@spatia/contract';
import { QrCode } from '../../../components/qr-code';
import { formatYuan } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useSession } from '../../../stores/session-store';
import { useRechargeOrder } from '../api/recharge';
import { absoluteCheckoutUrl } from '../lib/checkout-url';

interface RechargeCheckoutProps {
  /** The order as nativePayNow answered it; the page polls it from there. */
  order: FlowRechargeOrder;
  /** Back to the plans (after a payment, or to choose again). */
  onAgain: () => void;
  /** A new QR code for the same plan, after this one expired. */
  onRenew: () => void;
  renewing: boolean;
}

/** The pay QR code while the order waits; the result once the provider says paid or the code expires. */
export function RechargeCheckout({ order: started, onAgain, onRenew, renewing }: RechargeCheckoutProps) {
  const { t } = useTranslation();
  const polled = useRechargeOrder(started.id);
  const order = polled.data ?? started;
  const now = useNow(1000);
  const mayLease = useSession((session) => hasPermission(session, Permission.wallet));

  if (order.status === 'paid') {
    // What a recharge buys (docs/billing.md): money on the balance, which buys the plan's months of lease at the plan's fee.
    return (
      <Result
        status="success"
        title={t('payments.paidTitle', { amount: formatYuan(order.amountFen) })}
        subTitle={t('payments.paidText', {
          count: order.months,
          balance: formatYuan(order.balanceFen),
          price: formatYuan(order.amountFen),
        })}
        extra={
          <Space wrap>
            {mayLease && (
              <Link to={`/wallet/lease?months=${order.months}`} data-testid="recharge-buy-lease">
                <Button type="primary">{t('payments.buyLease', { count: order.months })}</Button>
              </Link>
            )}
            <Button type={mayLease ? 'default' : 'primary'} onClick={onAgain} data-testid="recharge-again">
              {t('payments.again')}
            </Button>
          </Space>
        }
        data-testid="recharge-paid"
      />
    );
  }

  const expired = order.status === 'closed' || order.expiresAt <= now;
  if (expired) {
    return (
      <Result
        status="warning"
        title={t('payments.expiredTitle')}
        subTitle={t('payments.expiredText')}
        extra={
          <Space>
            <Button type="primary" loading={renewing} onClick={onRenew} data-testid="recharge-renew">
              {t('payments.renew')}
            </Button>
            <Button onClick={onAgain}>{t('payments.chooseAgain')}</Button>
          </Space>
        }
        data-testid="recharge-expired"
      />
    );
  }

  const url = absoluteCheckoutUrl(order.codeUrl, window.location.origin);
  const secondsLeft = Math.max(0, Math.floor((order.expiresAt - now) / 1000));
  const countdown = `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}`;

  return (
    <Card className="recharge-checkout" data-testid="recharge-checkout">
      <div className="recharge-checkout__body">
        <div className="recharge-checkout__qr">
          <QrCode value={url} label={t('payments.scan', { provider: t(`payments.provider.${order.provider}`) })} testId="recharge-qr" />
        </div>
        <div className="recharge-checkout__facts">
          <Typography.Title level={2} className="recharge-checkout__amount">
            {formatYuan(order.amountFen)}
          </Typography.Title>
          <Typography.Paragraph>
            {t('payments.scan', { provider: t(`payments.provider.${order.provider}`) })}
            {order.provider === 'sandbox' && <Tag color="orange">{t('payments.testTag')}</Tag>}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {t('payments.orderFacts', { count: order.months, orderNo: order.orderNo })}
          </Typography.Paragraph>
          <Typography.Paragraph role="status" aria-live="polite" data-testid="recharge-waiting">
            <LoadingOutlined /> {t('payments.waiting', { time: countdown })}
          </Typography.Paragraph>
          {order.provider === 'sandbox' && (
            <Typography.Paragraph>
              <Typography.Link href={url} target="_blank" rel="noopener" data-testid="recharge-open-checkout">
                {t('payments.openTestCheckout')}
              </Typography.Link>
            </Typography.Paragraph>
          )}
          <Button onClick={onAgain}>{t('payments.chooseAgain')}</Button>
        </div>
      </div>
    </Card>
  );
}
