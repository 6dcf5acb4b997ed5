import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission, Permission, type FlowRechargeOrder } from '@spatia/contract';
import { QrCheckout } from '../../../components/qr-checkout';
import { formatYuan } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { PAID_RECHARGE_REFRESHES } from '../api/recharge';

interface RechargeCheckoutProps {
  /** The order as nativePayNow answered it; the page polls it from there. */
  order: FlowRechargeOrder;
  /** Back to the plans (after a payment, or to choose again). */
  onAgain: () => void;
  /** A new QR code for the same plan, after this one expired. */
  onRenew: () => void;
  renewing: boolean;
}

/** The recharge's QR checkout (components/qr-checkout.tsx); once paid, the months added and the balance now. */
export function RechargeCheckout({ order, onAgain, onRenew, renewing }: RechargeCheckoutProps) {
  const { t } = useTranslation();
  const mayLease = useSession((session) => hasPermission(session, Permission.wallet));
  return (
    <QrCheckout
      order={order}
      refreshes={PAID_RECHARGE_REFRESHES}
      facts={t('payments.orderFacts', { count: order.months, orderNo: order.orderNo })}
      // What a recharge buys (docs/billing.md): money on the balance, which buys the plan's months of lease at the plan's fee.
      paid={(paidOrder) => (
        <Result
          status="success"
          title={t('payments.paidTitle', { amount: formatYuan(paidOrder.amountFen) })}
          subTitle={t('payments.paidText', {
            count: paidOrder.months,
            balance: formatYuan(paidOrder.balanceFen),
            price: formatYuan(paidOrder.amountFen),
          })}
          extra={
            <Space wrap>
              {mayLease && (
                <Link to={`/wallet/lease?months=${paidOrder.months}`} data-testid="recharge-buy-lease">
                  <Button type="primary">{t('payments.buyLease', { count: paidOrder.months })}</Button>
                </Link>
              )}
              <Button type={mayLease ? 'default' : 'primary'} onClick={onAgain} data-testid="recharge-again">
                {t('payments.again')}
              </Button>
            </Space>
          }
          data-testid="recharge-paid"
        />
      )}
      onAgain={onAgain}
      onRenew={onRenew}
      renewing={renewing}
      testIdPrefix="recharge"
    />
  );
}
