import { TagOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Empty, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import {
  hasRole,
  PROVINCES,
  Role,
  SERVICE_ADDRESS_MAX,
  SERVICE_AREA_M2_MAX,
  SERVICE_CITY_MAX,
  SERVICE_COUPON_CODE_PATTERN,
  SERVICE_REMARK_MAX,
  SERVICE_SITE_COUNT_MAX,
  SERVICE_TITLE_MAX,
  type ServiceEstimateAnswer,
  type ServicePaymentPart,
} from '@spatia/contract';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChinaMapPicker } from '../../../components/china-map-picker';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoading } from '../../../components/page-loading';
import { useLanguage } from '../../../i18n';
import { formatYuan } from '../../../lib/format';
import { useSession } from '../../../stores/session-store';
import { estimateServiceOrder, usePlaceServiceOrder, useServiceOrderOptions } from '../api/service-orders';
import {
  appointmentProblem,
  liveEstimate,
  mapCodeOfProvince,
  normalizeCouponCode,
  placeRequestOf,
  provinceOfMapCode,
  saveDraft,
  takeDraft,
  type OrderFormValues,
} from '../lib/order-form';
import './service-orders.css';

/**
 * The booking form of `/addOrder` (spec 2.2, 3): what to shoot, where and when, how it is priced, a coupon,
 * the estimate as the person types (the contract's function over the admin's price rules; a checked
 * coupon's discount from the server), then Place. A visitor is asked to sign in first (spec 2.6) and comes
 * back to the same form. A placed order opens its page, where it is paid.
 */
export function AddOrderForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [form] = Form.useForm<OrderFormValues>();
  const token = useSession((session) => session.token);
  const phone = useSession((session) => session.phone);
  const roles = useSession((session) => session.roles);
  const options = useServiceOrderOptions();
  const place = usePlaceServiceOrder();
  const [part, setPart] = useState<ServicePaymentPart>('deposit');
  /** The coupon code the person asked to apply (upper-cased); '' when none. */
  const [appliedCode, setAppliedCode] = useState('');
  const idempotencyKey = useRef(crypto.randomUUID());

  const values = Form.useWatch([], form) as OrderFormValues | undefined;
  const rules = useMemo(() => (options.data?.rules ?? []).filter((rule) => rule.enabled), [options.data]);
  const rule = rules.find((candidate) => candidate.requirementType === values?.requirementType);

  // A checked coupon's discount comes from the server for the current quantity (its terms are the server's).
  const quantity = values?.pricing === 'sites' ? values.siteCount : values?.areaM2;
  const couponQuery = useQuery({
    queryKey: ['serviceOrders', 'estimate', values?.requirementType, values?.pricing, quantity, appliedCode, token],
    queryFn: (): Promise<ServiceEstimateAnswer> =>
      estimateServiceOrder({
        requirementType: values!.requirementType!,
        pricing: values!.pricing!,
        siteCount: values!.pricing === 'sites' ? quantity : undefined,
        areaM2: values!.pricing === 'area' ? quantity : undefined,
        couponCode: appliedCode,
      }),
    enabled: appliedCode !== '' && !!rule && !!values?.pricing && typeof quantity === 'number' && quantity >= 1,
    retry: false,
    staleTime: 30_000,
  });
  const coupon = appliedCode ? couponQuery.data?.coupon : undefined;
  const local = values ? liveEstimate(rules, values, null) : null;
  const estimate = local && coupon?.applies && couponQuery.data ? couponQuery.data : local;
  const hasDeposit = !!estimate && estimate.depositFen < estimate.priceFen;

  // Defaults, then the form kept while the visitor signed in.
  useEffect(() => {
    const draft = takeDraft();
    if (draft) {
      form.setFieldsValue(draft);
      if (draft.couponCode) setAppliedCode(normalizeCouponCode(draft.couponCode));
    }
  }, [form]);
  useEffect(() => {
    if (phone && !form.getFieldValue('phone')) form.setFieldValue('phone', phone);
  }, [form, phone]);
  useEffect(() => {
    if (!form.getFieldValue('requirementType') && rules[0]) form.setFieldValue('requirementType', rules[0].requirementType);
  }, [form, rules]);

  if (options.isPending) return <PageLoading />;
  if (!options.data) return <LoadFailed title={t('serviceOrders.form.loadFailed')} query={options} testId="add-order-error" />;
  if (rules.length === 0) {
    return <Empty className="add-order__empty" description={t('serviceOrders.form.noRules')} data-testid="add-order-no-rules" />;
  }

  const canBook = !token || hasRole({ roles }, Role.customer) || hasRole({ roles }, Role.merchant) || hasRole({ roles }, Role.admin);

  const askToLogin = () =>
    modal.confirm({
      title: t('errors.loginRequiredTitle'),
      content: t('errors.loginRequired'),
      okText: t('common.actions.login'),
      cancelText: t('common.actions.cancel'),
      onOk: () => {
        saveDraft(form.getFieldsValue(true) as OrderFormValues);
        void navigate(`/login?redirect=${encodeURIComponent('/addOrder')}`);
      },
    });

  const submit = (filled: OrderFormValues) => {
    if (!token) {
      askToLogin();
      return;
    }
    const request = placeRequestOf(
      {
        ...filled,
        requirementType: filled.requirementType!,
        pricing: filled.pricing!,
        couponCode: coupon?.applies ? appliedCode : undefined,
      },
      estimate?.priceFen,
    );
    place.mutateAsync({ ...request, idempotencyKey: idempotencyKey.current }).then(
      (order) => {
        idempotencyKey.current = crypto.randomUUID();
        void navigate(`/serviceOrder/${order.id}?pay=${hasDeposit ? part : 'whole'}`);
      },
      // The client has shown the server's message (a changed price, a used-up coupon); the form stays.
      () => undefined,
    );
  };

  const provinceOptions = PROVINCES.map((province) => ({ value: province.code, label: province[language] }));

  return (
    <Form<OrderFormValues>
      form={form}
      layout="vertical"
      className="add-order"
      initialValues={{ pricing: 'sites', phone }}
      onFinish={submit}
      // Only the Place button places an order: Enter in a field (a picker's confirmation among them) does not.
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
      scrollToFirstError
      requiredMark
      data-testid="add-order-form"
    >
      <div className="add-order__grid">
        <Card title={t('serviceOrders.form.what')} className="add-order__card">
          <Form.Item
            name="requirementType"
            label={t('serviceOrders.fields.requirementType')}
            rules={[{ required: true, message: t('serviceOrders.form.required') }]}
          >
            <Radio.Group optionType="button" buttonStyle="solid" data-testid="add-order-type">
              {rules.map((candidate) => (
                <Radio.Button key={candidate.requirementType} value={candidate.requirementType}>
                  {t(`serviceOrders.requirementType.${candidate.requirementType}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="title"
            label={t('serviceOrders.fields.title')}
            rules={[{ required: true, whitespace: true, message: t('serviceOrders.form.titleRequired') }]}
          >
            <Input
              maxLength={SERVICE_TITLE_MAX}
              showCount
              placeholder={t('serviceOrders.form.titlePlaceholder')}
              data-testid="add-order-title"
            />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('serviceOrders.fields.phone')}
            rules={[
              { required: true, message: t('serviceOrders.form.phoneRequired') },
              { pattern: /^1\d{10}$/, message: t('serviceOrders.form.phoneInvalid') },
            ]}
          >
            <Input inputMode="tel" maxLength={11} autoComplete="tel" data-testid="add-order-phone" />
          </Form.Item>
          <Form.Item name="pricing" label={t('serviceOrders.fields.pricing')}>
            <Radio.Group data-testid="add-order-pricing">
              <Radio value="sites">{t('serviceOrders.pricing.sites')}</Radio>
              <Radio value="area">{t('serviceOrders.pricing.area')}</Radio>
            </Radio.Group>
          </Form.Item>
          {values?.pricing === 'area' ? (
            <Form.Item
              name="areaM2"
              label={t('serviceOrders.fields.areaM2')}
              extra={rule && t('serviceOrders.form.unitArea', { price: formatYuan(rule.pricePerM2Fen) })}
              rules={[{ required: true, message: t('serviceOrders.form.areaRequired') }]}
            >
              <InputNumber
                min={1}
                max={SERVICE_AREA_M2_MAX}
                precision={0}
                suffix="m²"
                className="add-order__number"
                data-testid="add-order-area"
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="siteCount"
              label={t('serviceOrders.fields.siteCount')}
              extra={rule && t('serviceOrders.form.unitSite', { price: formatYuan(rule.pricePerSiteFen) })}
              rules={[{ required: true, message: t('serviceOrders.form.sitesRequired') }]}
            >
              <InputNumber min={1} max={SERVICE_SITE_COUNT_MAX} precision={0} className="add-order__number" data-testid="add-order-sites" />
            </Form.Item>
          )}
          <Form.Item
            name="appointmentAt"
            label={t('serviceOrders.fields.appointmentAt')}
            getValueProps={(value: number | null | undefined) => ({ value: value ? dayjs(value) : null })}
            getValueFromEvent={(value: dayjs.Dayjs | null) => (value ? value.startOf('minute').valueOf() : null)}
            rules={[
              {
                validator: (_, value: number | null | undefined) => {
                  const problem = appointmentProblem(value);
                  return problem ? Promise.reject(new Error(t(`serviceOrders.form.appointment.${problem}`))) : Promise.resolve();
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm', minuteStep: 15 }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              className="add-order__date"
              data-testid="add-order-appointment"
            />
          </Form.Item>
          <Form.Item name="remark" label={t('serviceOrders.fields.remark')}>
            <Input.TextArea
              maxLength={SERVICE_REMARK_MAX}
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('serviceOrders.form.remarkPlaceholder')}
            />
          </Form.Item>
        </Card>

        <Card title={t('serviceOrders.form.where')} className="add-order__card">
          <div className="add-order__region">
            <Form.Item
              name="provinceCode"
              label={t('serviceOrders.fields.province')}
              rules={[{ required: true, message: t('serviceOrders.form.provinceRequired') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={provinceOptions}
                placeholder={t('serviceOrders.form.provincePlaceholder')}
                data-testid="add-order-province"
              />
            </Form.Item>
            <Form.Item
              name="city"
              label={t('serviceOrders.fields.city')}
              rules={[{ required: true, whitespace: true, message: t('serviceOrders.form.cityRequired') }]}
            >
              <Input maxLength={SERVICE_CITY_MAX} data-testid="add-order-city" />
            </Form.Item>
          </div>
          <Form.Item
            name="address"
            label={t('serviceOrders.fields.address')}
            rules={[{ required: true, whitespace: true, message: t('serviceOrders.form.addressRequired') }]}
          >
            <Input.TextArea maxLength={SERVICE_ADDRESS_MAX} autoSize={{ minRows: 1, maxRows: 3 }} data-testid="add-order-address" />
          </Form.Item>
          <Form.Item name="point" label={t('serviceOrders.fields.point')}>
            <ChinaMapPicker
              value={values?.point ?? null}
              focusProvince={mapCodeOfProvince(values?.provinceCode)}
              provinceLabel={(code) => PROVINCES.find((province) => province.code === provinceOfMapCode(code))?.[language]}
              onChange={(point, mapCode) => {
                form.setFieldValue('point', point);
                const province = provinceOfMapCode(mapCode);
                if (province) form.setFieldValue('provinceCode', province);
              }}
            />
          </Form.Item>
        </Card>

        <Card title={t('serviceOrders.form.price')} className="add-order__card add-order__summary">
          <Form.Item
            label={t('serviceOrders.fields.coupon')}
            extra={<CouponLine code={appliedCode} check={coupon ?? null} checking={couponQuery.isFetching} />}
          >
            <Space.Compact block>
              <Form.Item name="couponCode" noStyle>
                <Input
                  prefix={<TagOutlined aria-hidden />}
                  maxLength={20}
                  aria-label={t('serviceOrders.fields.coupon')}
                  placeholder={t('serviceOrders.form.couponPlaceholder')}
                  onChange={() => setAppliedCode('')}
                  onPressEnter={(event) => {
                    event.preventDefault();
                    setAppliedCode(normalizeCouponCode(form.getFieldValue('couponCode') as string | undefined));
                  }}
                  data-testid="add-order-coupon"
                />
              </Form.Item>
              <Button
                onClick={() => setAppliedCode(normalizeCouponCode(form.getFieldValue('couponCode') as string | undefined))}
                disabled={!SERVICE_COUPON_CODE_PATTERN.test(normalizeCouponCode(values?.couponCode))}
                data-testid="add-order-coupon-apply"
              >
                {t('serviceOrders.form.applyCoupon')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <dl className="add-order__estimate" aria-live="polite" data-testid="add-order-estimate">
            <dt>{t('serviceOrders.fields.listPrice')}</dt>
            <dd>{estimate ? formatYuan(estimate.listPriceFen) : '—'}</dd>
            <dt>{t('serviceOrders.fields.discount')}</dt>
            <dd data-testid="add-order-discount">{estimate && estimate.discountFen > 0 ? `−${formatYuan(estimate.discountFen)}` : '—'}</dd>
            <dt className="add-order__total-label">{t('serviceOrders.fields.estimate')}</dt>
            <dd className="add-order__total" data-testid="add-order-total">
              {estimate ? formatYuan(estimate.priceFen) : t('serviceOrders.form.noEstimate')}
            </dd>
          </dl>
          {hasDeposit && estimate && (
            <Form.Item label={t('serviceOrders.pay.part')}>
              <Radio.Group
                value={part}
                onChange={(event) => setPart(event.target.value as ServicePaymentPart)}
                data-testid="add-order-part"
              >
                <Radio value="deposit">{t('serviceOrders.form.payDeposit', { amount: formatYuan(estimate.depositFen) })}</Radio>
                <Radio value="whole">{t('serviceOrders.form.payWhole', { amount: formatYuan(estimate.priceFen) })}</Radio>
              </Radio.Group>
            </Form.Item>
          )}
          {!canBook && <Alert type="info" showIcon title={t('serviceOrders.form.bookersOnly')} className="add-order__alert" />}
          <Button
            type="primary"
            size="large"
            block
            htmlType="submit"
            loading={place.isPending}
            disabled={!canBook}
            data-testid="add-order-submit"
          >
            {t('serviceOrders.form.place')}
          </Button>
          <Typography.Paragraph type="secondary" className="add-order__note">
            {t('serviceOrders.form.placeNote')}
          </Typography.Paragraph>
        </Card>
      </div>
    </Form>
  );
}

function CouponLine({ code, check, checking }: { code: string; check: ServiceEstimateAnswer['coupon']; checking: boolean }) {
  const { t } = useTranslation();
  if (!code) return null;
  if (checking && !check) return <span>{t('serviceOrders.form.couponChecking')}</span>;
  if (!check) return <Typography.Text type="secondary">{t('serviceOrders.form.couponNeedsQuantity')}</Typography.Text>;
  return check.applies ? (
    <Typography.Text type="success" data-testid="add-order-coupon-result">
      {t('serviceOrders.form.couponApplies', { name: check.name, amount: formatYuan(check.discountFen) })}
    </Typography.Text>
  ) : (
    <Typography.Text type="danger" data-testid="add-order-coupon-result">
      {check.problem ?? t('serviceOrders.form.couponRefused')}
    </Typography.Text>
  );
}
