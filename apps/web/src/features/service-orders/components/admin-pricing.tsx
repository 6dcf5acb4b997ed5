import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Skeleton,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  SERVICE_COUPON_CODE_PATTERN,
  SERVICE_COUPON_NAME_MAX,
  SERVICE_PLATFORM_FEE_BPS_MAX,
  type ServiceCoupon,
  type ServiceCouponKind,
  type ServicePriceRule,
} from '@spatia/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate, formatYuan } from '../../../lib/format';
import {
  useCoupons,
  useCreateCoupon,
  usePriceRules,
  useSavePriceRule,
  useSaveServiceSettings,
  useServiceSettings,
  useSetCouponEnabled,
} from '../api/admin';
import './service-orders.css';

/** Yuan typed in a form, fen sent: 12.5 → 1250. */
const toFen = (yuan: number | null | undefined) => Math.round((yuan ?? 0) * 100);
const toYuan = (fen: number) => fen / 100;

interface RuleForm {
  pricePerSite: number;
  pricePerM2: number;
  minimum: number;
  depositPercent: number;
  enabled: boolean;
}

/** One requirement type's rule: per site, per m², minimum, deposit share, on or off. */
function PriceRuleCard({ rule }: { rule: ServicePriceRule }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSavePriceRule();
  const [form] = Form.useForm<RuleForm>();
  return (
    <Card
      size="small"
      title={t(`serviceOrders.requirementType.${rule.requirementType}`)}
      extra={!rule.enabled && <Tag>{t('serviceOrders.admin.disabled')}</Tag>}
      data-testid={`price-rule-${rule.requirementType}`}
    >
      <Form<RuleForm>
        form={form}
        // Named, so that each card's fields have ids of their own (and each label its own field).
        name={`price-rule-${rule.requirementType}`}
        layout="vertical"
        initialValues={{
          pricePerSite: toYuan(rule.pricePerSiteFen),
          pricePerM2: toYuan(rule.pricePerM2Fen),
          minimum: toYuan(rule.minimumFen),
          depositPercent: rule.depositBps / 100,
          enabled: rule.enabled,
        }}
        onFinish={(values) =>
          void save
            .mutateAsync({
              requirementType: rule.requirementType,
              pricePerSiteFen: toFen(values.pricePerSite),
              pricePerM2Fen: toFen(values.pricePerM2),
              minimumFen: toFen(values.minimum),
              depositBps: Math.round(values.depositPercent * 100),
              enabled: values.enabled,
            })
            .then(
              () => void message.success(t('serviceOrders.admin.ruleSaved')),
              () => undefined,
            )
        }
        className="price-rule__form"
      >
        <Form.Item name="pricePerSite" label={t('serviceOrders.admin.pricePerSite')} rules={[{ required: true }]}>
          <InputNumber min={0} precision={2} prefix="¥" className="admin-number" />
        </Form.Item>
        <Form.Item name="pricePerM2" label={t('serviceOrders.admin.pricePerM2')} rules={[{ required: true }]}>
          <InputNumber min={0} precision={2} prefix="¥" className="admin-number" />
        </Form.Item>
        <Form.Item name="minimum" label={t('serviceOrders.admin.minimum')} rules={[{ required: true }]}>
          <InputNumber min={0} precision={2} prefix="¥" className="admin-number" />
        </Form.Item>
        <Form.Item
          name="depositPercent"
          label={t('serviceOrders.admin.depositPercent')}
          extra={t('serviceOrders.admin.depositHint')}
          rules={[{ required: true }]}
        >
          <InputNumber min={0.01} max={100} precision={2} suffix="%" className="admin-number" />
        </Form.Item>
        <Form.Item name="enabled" label={t('serviceOrders.admin.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="price-rule-save">
          {t('common.actions.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** The platform's share of a completed order. */
function PlatformFeeCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useServiceSettings();
  const save = useSaveServiceSettings();
  if (!settings.data)
    return settings.isError ? <LoadFailed title={t('serviceOrders.admin.loadFailed')} query={settings} /> : <Skeleton active />;
  return (
    <Card size="small" title={t('serviceOrders.admin.platformFee')}>
      <Form
        layout="inline"
        initialValues={{ percent: settings.data.platformFeeBps / 100 }}
        onFinish={(values: { percent: number }) =>
          void save.mutateAsync({ platformFeeBps: Math.round(values.percent * 100) }).then(
            () => void message.success(t('serviceOrders.admin.feeSaved')),
            () => undefined,
          )
        }
      >
        <Form.Item name="percent" label={t('serviceOrders.admin.platformFeePercent')} rules={[{ required: true }]}>
          <InputNumber min={0} max={SERVICE_PLATFORM_FEE_BPS_MAX / 100} precision={2} suffix="%" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.actions.save')}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" className="admin-hint">
        {t('serviceOrders.admin.platformFeeHint')}
      </Typography.Paragraph>
    </Card>
  );
}

/** The price rules of every requirement type (a disabled one cannot be booked) and the platform fee. */
export function AdminPriceRules() {
  const { t } = useTranslation();
  const rules = usePriceRules();
  if (!rules.data) return rules.isError ? <LoadFailed title={t('serviceOrders.admin.loadFailed')} query={rules} /> : <Skeleton active />;
  return (
    <div className="admin-pricing">
      <div className="admin-pricing__rules">
        {rules.data.map((rule) => (
          <PriceRuleCard
            key={`${rule.requirementType}:${rule.pricePerSiteFen}:${rule.pricePerM2Fen}:${rule.minimumFen}:${rule.depositBps}:${rule.enabled}`}
            rule={rule}
          />
        ))}
      </div>
      <PlatformFeeCard />
    </div>
  );
}

interface CouponForm {
  code?: string;
  name: string;
  kind: ServiceCouponKind;
  amountOff?: number;
  percentOff?: number;
  minSpend?: number;
  validity: [Dayjs, Dayjs];
  perUserLimit: number;
  totalLimit: number;
}

function CreateCouponDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const create = useCreateCoupon();
  const [form] = Form.useForm<CouponForm>();
  const kind = Form.useWatch('kind', form);
  return (
    <Modal
      open={open}
      title={t('serviceOrders.admin.newCoupon')}
      okText={t('serviceOrders.admin.create')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'coupon-create-submit' }}
      onCancel={onClose}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then(
          (values) =>
            create
              .mutateAsync({
                code: values.code?.trim().toUpperCase() || undefined,
                name: values.name.trim(),
                kind: values.kind,
                amountOffFen: values.kind === 'amount' ? toFen(values.amountOff) : 0,
                percentOff: values.kind === 'percent' ? (values.percentOff ?? 0) : 0,
                minSpendFen: toFen(values.minSpend),
                validFrom: values.validity[0].startOf('day').valueOf(),
                validUntil: values.validity[1].endOf('day').valueOf(),
                perUserLimit: values.perUserLimit,
                totalLimit: values.totalLimit,
              })
              .then(
                (coupon) => {
                  void message.success(t('serviceOrders.admin.couponCreated', { code: coupon.code }));
                  form.resetFields();
                  onClose();
                },
                () => undefined,
              ),
          () => undefined,
        )
      }
    >
      <Form<CouponForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ kind: 'amount', perUserLimit: 1, totalLimit: 0, minSpend: 0, validity: [dayjs(), dayjs().add(30, 'day')] }}
      >
        <Form.Item
          name="code"
          label={t('serviceOrders.admin.couponCode')}
          extra={t('serviceOrders.admin.couponCodeHint')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[{ pattern: SERVICE_COUPON_CODE_PATTERN, message: t('serviceOrders.admin.couponCodeInvalid') }]}
        >
          <Input maxLength={20} data-testid="coupon-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('serviceOrders.admin.couponName')}
          rules={[{ required: true, whitespace: true, message: t('serviceOrders.admin.couponNameRequired') }]}
        >
          <Input maxLength={SERVICE_COUPON_NAME_MAX} data-testid="coupon-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('serviceOrders.admin.couponKind')}>
          <Radio.Group>
            <Radio value="amount">{t('serviceOrders.admin.kind.amount')}</Radio>
            <Radio value="percent">{t('serviceOrders.admin.kind.percent')}</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'percent' ? (
          <Form.Item
            name="percentOff"
            label={t('serviceOrders.admin.percentOff')}
            rules={[{ required: true, message: t('serviceOrders.admin.valueRequired') }]}
          >
            <InputNumber min={1} max={99} precision={0} suffix="%" />
          </Form.Item>
        ) : (
          <Form.Item
            name="amountOff"
            label={t('serviceOrders.admin.amountOff')}
            rules={[{ required: true, message: t('serviceOrders.admin.valueRequired') }]}
          >
            <InputNumber min={0.01} precision={2} prefix="¥" data-testid="coupon-amount" />
          </Form.Item>
        )}
        <Form.Item name="minSpend" label={t('serviceOrders.admin.minSpend')}>
          <InputNumber min={0} precision={2} prefix="¥" />
        </Form.Item>
        <Form.Item
          name="validity"
          label={t('serviceOrders.admin.validity')}
          rules={[{ required: true, message: t('serviceOrders.admin.valueRequired') }]}
        >
          <DatePicker.RangePicker />
        </Form.Item>
        <div className="admin-coupon__limits">
          <Form.Item name="perUserLimit" label={t('serviceOrders.admin.perUserLimit')} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item
            name="totalLimit"
            label={t('serviceOrders.admin.totalLimit')}
            extra={t('serviceOrders.admin.totalLimitHint')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} precision={0} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

/** Coupons: create (amount or percent off, minimum spend, validity, limits), the list with usage, disable or enable again. */
export function AdminCoupons() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [creating, setCreating] = useState(false);
  const coupons = useCoupons({ pageNum, pageSize: 10 });
  const setEnabled = useSetCouponEnabled();
  const now = Date.now();
  return (
    <div className="admin-coupons">
      <Button type="primary" onClick={() => setCreating(true)} className="admin-coupons__new" data-testid="coupon-new">
        {t('serviceOrders.admin.newCoupon')}
      </Button>
      {coupons.isError && !coupons.data ? (
        <LoadFailed title={t('serviceOrders.admin.loadFailed')} query={coupons} />
      ) : (
        <Table<ServiceCoupon>
          rowKey="id"
          loading={coupons.isFetching}
          dataSource={coupons.data?.list ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('serviceOrders.admin.noCoupons') }}
          pagination={{ current: pageNum, pageSize: 10, total: coupons.data?.total ?? 0, onChange: setPageNum, hideOnSinglePage: true }}
          data-testid="coupon-table"
          columns={[
            {
              key: 'code',
              title: t('serviceOrders.admin.couponCode'),
              render: (_, coupon) => (
                <Typography.Text copyable strong>
                  {coupon.code}
                </Typography.Text>
              ),
            },
            { key: 'name', title: t('serviceOrders.admin.couponName'), dataIndex: 'name' },
            {
              key: 'terms',
              title: t('serviceOrders.admin.terms'),
              render: (_, coupon) =>
                `${coupon.kind === 'amount' ? `−${formatYuan(coupon.amountOffFen)}` : `−${coupon.percentOff}%`}${
                  coupon.minSpendFen > 0 ? ` · ${t('serviceOrders.admin.from', { amount: formatYuan(coupon.minSpendFen) })}` : ''
                }`,
            },
            {
              key: 'validity',
              title: t('serviceOrders.admin.validity'),
              render: (_, coupon) => `${formatDate(coupon.validFrom, 'YYYY-MM-DD')} – ${formatDate(coupon.validUntil, 'YYYY-MM-DD')}`,
            },
            {
              key: 'usage',
              title: t('serviceOrders.admin.usage'),
              render: (_, coupon) =>
                t('serviceOrders.admin.usageOf', {
                  used: coupon.usedCount,
                  total: coupon.totalLimit === 0 ? '∞' : coupon.totalLimit,
                  perUser: coupon.perUserLimit,
                }),
            },
            {
              key: 'state',
              title: t('serviceOrders.admin.state'),
              render: (_, coupon) =>
                !coupon.enabled ? (
                  <Tag>{t('serviceOrders.admin.disabled')}</Tag>
                ) : coupon.validUntil < now ? (
                  <Tag>{t('serviceOrders.admin.expired')}</Tag>
                ) : (
                  <Tag color="green">{t('serviceOrders.admin.active')}</Tag>
                ),
            },
            {
              key: 'actions',
              title: t('serviceOrders.admin.actions'),
              render: (_, coupon) =>
                coupon.enabled ? (
                  <Popconfirm
                    title={t('serviceOrders.admin.disableConfirm', { code: coupon.code })}
                    okText={t('serviceOrders.admin.disable')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common.actions.cancel')}
                    onConfirm={() => void setEnabled.mutateAsync({ id: coupon.id, enabled: false }).catch(() => undefined)}
                  >
                    <Button danger size="small">
                      {t('serviceOrders.admin.disable')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button size="small" onClick={() => void setEnabled.mutateAsync({ id: coupon.id, enabled: true }).catch(() => undefined)}>
                    {t('serviceOrders.admin.enable')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      <CreateCouponDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
