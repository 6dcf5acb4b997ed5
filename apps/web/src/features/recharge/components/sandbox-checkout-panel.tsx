import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Result, Spin, Typography, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatYuan } from '../../../lib/format';
import { usePaySandboxCheckout, useSandboxCheckout } from '../api/sandbox-checkout';
import './recharge.css';

interface CheckoutEndProps {
  /** Names the texts (`payments.sandbox.{end}Title` and `…Text`) and the test id (`sandbox-{end}`). */
  end: 'unknown' | 'paid' | 'closed';
  status: ResultProps['status'];
  amount?: string;
}

/** Where the checkout stops: an order it does not know, one paid, one that can no longer be paid. */
function CheckoutEnd({ end, status, amount }: CheckoutEndProps) {
  const { t } = useTranslation();
  return (
    <Result
      status={status}
      title={t(`payments.sandbox.${end}Title`, { amount })}
      subTitle={t(`payments.sandbox.${end}Text`)}
      data-testid={`sandbox-${end}`}
    />
  );
}

/**
 * Where a phone payment asked the checkout to go back to once paid (docs/mobile-pay.md): only a path of this
 * site, never another site (`//host`, `/\\host`) or a scheme.
 */
export function sameSiteReturn(value: string | null | undefined): string | undefined {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;
}

/**
 * The sandbox's test checkout, opened on a phone from the recharge QR code: the order, clearly marked
 * as a test in which no money moves, and one button that pays it the way a provider would. A phone
 * payment's checkout carries `returnTo` (its `return` parameter): once paid it goes there, as a provider's
 * cashier goes back to the shop, when it is a path of this site.
 */
export function SandboxCheckoutPanel({ orderNo, sign, returnTo }: { orderNo: string; sign: string; returnTo?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const checkout = useSandboxCheckout(orderNo, sign);
  const pay = usePaySandboxCheckout(orderNo, sign);
  const back = sameSiteReturn(returnTo);

  if (checkout.isPending) return <Spin size="large" />;
  if (checkout.isError) return <CheckoutEnd end="unknown" status="404" />;
  const { amountFen, description, purchase, state } = checkout.data;
  if (state === 'paid') return <CheckoutEnd end="paid" status="success" amount={formatYuan(amountFen)} />;
  if (state === 'closed' || state === 'expired') return <CheckoutEnd end="closed" status="warning" />;

  return (
    <div className="sandbox-checkout" data-testid="sandbox-checkout">
      <Alert
        type="warning"
        showIcon
        icon={<ExperimentOutlined />}
        title={t('payments.sandbox.banner')}
        description={t('payments.sandbox.bannerText')}
      />
      <Typography.Title level={1} className="sandbox-checkout__amount">
        {formatYuan(amountFen)}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('payments.sandbox.what')}>
          {/* The provider's text carries both languages; what the order buys is said in the reader's. */}
          <span data-testid="sandbox-purchase">
            {purchase ? t(`payments.sandbox.purchase.${purchase.kind}`, { count: purchase.months }) : description}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('payments.sandbox.orderNo')}>{orderNo}</Descriptions.Item>
      </Descriptions>
      <Button
        type="primary"
        size="large"
        block
        loading={pay.isPending}
        onClick={() => pay.mutate(undefined, { onSuccess: () => back && void navigate(back) })}
        data-testid="sandbox-pay"
      >
        {t('payments.sandbox.pay', { amount: formatYuan(amountFen) })}
      </Button>
    </div>
  );
}
