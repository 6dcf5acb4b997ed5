import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, InputNumber, Skeleton, Space } from 'antd';
import { BILLING_PRICE_LIMITS, type BillingPrices, type FlowRechargePlan } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { useBillingSettings, useSavePlans, useSavePrices } from '../api/billing-admin';
import './billing-settings.css';

/** Money is edited in yuan and stored in fen. */
const toYuan = (fen: number) => fen / 100;
const toFen = (yuan: number) => Math.round(yuan * 100);

const MONEY_FIELDS = ['requestFenPer10k', 'gbFen', 'leaseMonthFen', 'lowBalanceFen'] as const;

/** /admin/billing: the prices traffic and lease time are billed at, and the recharge price list. */
export function BillingSettingsPanel() {
  const { t } = useTranslation();
  const settings = useBillingSettings();
  if (settings.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (settings.isError) {
    return <LoadFailed title={t('billingAdmin.loadFailed')} query={settings} />;
  }
  return (
    <div className="billing-settings">
      <PricesForm prices={settings.data.prices} />
      <PlansForm plans={settings.data.plans} />
    </div>
  );
}

type PricesInYuan = Record<(typeof MONEY_FIELDS)[number], number> & { graceDays: number };

function PricesForm({ prices }: { prices: BillingPrices }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSavePrices();
  const initial: PricesInYuan = {
    requestFenPer10k: toYuan(prices.requestFenPer10k),
    gbFen: toYuan(prices.gbFen),
    leaseMonthFen: toYuan(prices.leaseMonthFen),
    lowBalanceFen: toYuan(prices.lowBalanceFen),
    graceDays: prices.graceDays,
  };
  const submit = (values: PricesInYuan) => {
    const next = {
      ...Object.fromEntries(MONEY_FIELDS.map((field) => [field, toFen(values[field])])),
      graceDays: values.graceDays,
    } as BillingPrices;
    save.mutate(next, { onSuccess: () => void message.success(t('billingAdmin.pricesSaved')) });
  };
  return (
    <Card title={t('billingAdmin.pricesTitle')}>
      <Form<PricesInYuan> layout="vertical" initialValues={initial} onFinish={submit} className="billing-settings__prices">
        {MONEY_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`billingAdmin.fields.${field}`)}
            extra={t(`billingAdmin.hints.${field}`)}
            rules={[{ required: true, message: t('billingAdmin.required') }]}
          >
            <InputNumber<number>
              min={toYuan(BILLING_PRICE_LIMITS[field].minimum)}
              max={toYuan(BILLING_PRICE_LIMITS[field].maximum)}
              precision={2}
              prefix="¥"
              className="billing-settings__number"
              data-testid={`price-${field}`}
            />
          </Form.Item>
        ))}
        <Form.Item
          name="graceDays"
          label={t('billingAdmin.fields.graceDays')}
          extra={t('billingAdmin.hints.graceDays')}
          rules={[{ required: true, message: t('billingAdmin.required') }]}
        >
          <InputNumber<number>
            min={BILLING_PRICE_LIMITS.graceDays.minimum}
            max={BILLING_PRICE_LIMITS.graceDays.maximum}
            precision={0}
            suffix={t('billingAdmin.days')}
            className="billing-settings__number"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-prices">
          {t('billingAdmin.save')}
        </Button>
      </Form>
    </Card>
  );
}

interface PlanInYuan {
  months: number;
  fee: number;
}

function PlansForm({ plans }: { plans: FlowRechargePlan[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSavePlans();
  const submit = ({ plans: edited }: { plans: PlanInYuan[] }) =>
    save.mutate(
      { plans: edited.map((plan) => ({ months: plan.months, feeFen: toFen(plan.fee) })) },
      { onSuccess: () => void message.success(t('billingAdmin.plansSaved')) },
    );
  return (
    <Card title={t('billingAdmin.plansTitle')}>
      <Form<{ plans: PlanInYuan[] }>
        initialValues={{ plans: plans.map((plan) => ({ months: plan.months, fee: toYuan(plan.feeFen) })) }}
        onFinish={submit}
      >
        <p className="billing-settings__hint">{t('billingAdmin.plansHint')}</p>
        <Form.List
          name="plans"
          rules={[
            {
              validator: async (_, value: PlanInYuan[] | undefined) => {
                if (!value || value.length === 0) throw new Error(t('billingAdmin.noPlan'));
                const months = value.map((plan) => plan?.months);
                if (new Set(months).size !== months.length) throw new Error(t('billingAdmin.monthsRepeated'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap className="billing-settings__plan">
                  <Form.Item name={[field.name, 'months']} rules={[{ required: true, message: t('billingAdmin.required') }]}>
                    <InputNumber<number>
                      className="billing-settings__months"
                      min={1}
                      max={36}
                      precision={0}
                      suffix={t('billingAdmin.months')}
                      aria-label={t('billingAdmin.months')}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'fee']} rules={[{ required: true, message: t('billingAdmin.required') }]}>
                    <InputNumber<number> min={0.01} max={1_000_000} precision={2} prefix="¥" aria-label={t('billingAdmin.fee')} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={t('billingAdmin.removePlan')} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Space wrap>
                <Button icon={<PlusOutlined />} onClick={() => add({ months: undefined, fee: undefined })} disabled={fields.length >= 12}>
                  {t('billingAdmin.addPlan')}
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-plans">
                  {t('billingAdmin.save')}
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
