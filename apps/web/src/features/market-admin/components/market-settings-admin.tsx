import { App, Button, Card, Form, InputNumber, Skeleton, Typography } from 'antd';
import { MARKET_FEE_BASIS_POINTS_MAX, MARKET_REFUND_WINDOW_DAYS_MAX } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { formatYuan } from '../../../lib/format';
import { useMarketSettings, useSaveMarketSettings } from '../api/market-admin';
import { basisPointsToPercent, percentToBasisPoints, sellerShareFen } from '../lib/market-admin-rules';
import './market-admin.css';

interface SettingsForm {
  feePercent: number;
  refundWindowDays: number;
}

/** An example price for the hint: what a seller earns of ¥100.00 at the fee typed. */
const EXAMPLE_PRICE_FEN = 10_000;

/** /admin/marketSettings: the platform's fee on each sale (a percentage; for sales from now on) and the refund window. */
export function MarketSettingsAdmin() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useMarketSettings();
  const save = useSaveMarketSettings();
  const [form] = Form.useForm<SettingsForm>();
  const feePercent = Form.useWatch('feePercent', form);

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (settings.isError) return <LoadFailed title={t('marketAdmin.settings.loadFailed')} query={settings} />;

  const submit = (values: SettingsForm) =>
    save.mutate(
      { feeBasisPoints: percentToBasisPoints(values.feePercent), refundWindowDays: values.refundWindowDays },
      { onSuccess: () => void message.success(t('marketAdmin.settings.saved')) },
    );

  const example = typeof feePercent === 'number' ? sellerShareFen(EXAMPLE_PRICE_FEN, percentToBasisPoints(feePercent)) : null;
  return (
    <Card className="market-admin__settings">
      <Form<SettingsForm>
        form={form}
        layout="vertical"
        initialValues={{
          feePercent: basisPointsToPercent(settings.data.feeBasisPoints),
          refundWindowDays: settings.data.refundWindowDays,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="feePercent"
          label={t('marketAdmin.settings.fee')}
          extra={t('marketAdmin.settings.feeHint')}
          rules={[{ required: true, message: t('marketAdmin.settings.required') }]}
        >
          <InputNumber<number>
            min={0}
            max={basisPointsToPercent(MARKET_FEE_BASIS_POINTS_MAX)}
            precision={2}
            step={0.5}
            suffix="%"
            className="market-admin__number"
            data-testid="market-fee"
          />
        </Form.Item>
        {example !== null && (
          <Typography.Paragraph type="secondary" data-testid="market-fee-example">
            {t('marketAdmin.settings.example', { price: formatYuan(EXAMPLE_PRICE_FEN), share: formatYuan(example) })}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="refundWindowDays"
          label={t('marketAdmin.settings.refundWindow')}
          extra={t('marketAdmin.settings.refundWindowHint')}
          rules={[{ required: true, message: t('marketAdmin.settings.required') }]}
        >
          <InputNumber<number>
            min={0}
            max={MARKET_REFUND_WINDOW_DAYS_MAX}
            precision={0}
            suffix={t('marketAdmin.settings.days')}
            className="market-admin__number"
            data-testid="market-refund-window"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="market-settings-save">
          {t('marketAdmin.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
