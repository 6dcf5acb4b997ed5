import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { usePaySandboxCheckout, useSandboxCheckout } from '../api/sandbox-checkout';
import './payments.css';

/**
 * The sandbox's test checkout, opened on a phone from the recharge QR code: the order, clearly marked
 * as a test in which no money moves, and one button that pays it the way a provider would.
 */
export function SandboxCheckoutPanel({ orderNo, sign }: { orderNo: string; sign: string }) {
  const { t } = useTranslation();
  const checkout = useSandboxCheckout(orderNo, sign);
  const pay = usePaySandboxCheckout(orderNo, sign);

  if (checkout.isPending) return <Spin size="large" />;
  if (checkout.isError) {
    return (
      <Result
        status="404"
        title={t('payments.sandbox.unknownTitle')}
        subTitle={t('payments.sandbox.unknownText')}
        data-testid="sandbox-unknown"
      />
    );
  }
  const { amountFen, description, state } = checkout.data;
  if (state === 'paid') {
    return (
      <Result
        status="success"
        title={t('payments.sandbox.paidTitle', { amount: formatYuan(amountFen) })}
        subTitle={t('payments.sandbox.paidText')}
        data-testid="sandbox-paid"
      />
    );
  }
  if (state === 'closed' || state === 'expired') {
    return (
      <Result
        status="warning"
        title={t('payments.sandbox.closedTitle')}
        subTitle={t('payments.sandbox.closedText')}
        data-testid="sandbox-closed"
      />
    );
  }

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
        <Descriptions.Item label={t('payments.sandbox.what')}>{description}</Descriptions.Item>
        <Descriptions.Item label={t('payments.sandbox.orderNo')}>{orderNo}</Descriptions.Item>
      </Descriptions>
      <Button type="primary" size="large" block loading={pay.isPending} onClick={() => pay.mutate()} data-testid="sandbox-pay">
        {t('payments.sandbox.pay', { amount: formatYuan(amountFen) })}
      </Button>
    </div>
  );
}
