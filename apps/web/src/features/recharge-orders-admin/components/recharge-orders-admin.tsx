import { App, Button, Form, Input, InputNumber, Modal, Segmented, Tag, Typography, type TableColumnsType } from 'antd';
import { REFUND_REASON_MAX_LENGTH, fenToYuan, parseYuanToFen, type AdminRechargeOrder } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilteredPageTable } from '../../../components/filtered-page-table';
import { TwoLineCell } from '../../../components/review-queue-cells';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { useStatusPagedFilters } from '../../../lib/use-status-paged-filters';
import { useRechargeOrders, useRefundRechargeOrder } from '../api/recharge-orders-admin';

const PAGE_SIZE = 20;
const STATUS_FILTERS = ['paid', 'all', 'pending', 'closed'] as const;
const STATE_COLORS = { none: 'green', partlyRefunded: 'orange', refunded: 'default' } as const;

/** The back office's recharge orders: who paid what, what was refunded, and a refund of part or all of a paid one (docs/refunds.md). */
export function RechargeOrdersAdmin() {
  const { t } = useTranslation();
  const { filters, changeFilters, paging, query } = useStatusPagedFilters<{
    status: (typeof STATUS_FILTERS)[number];
    keyword: string | undefined;
  }>({ status: 'paid', keyword: undefined }, PAGE_SIZE);
  const orders = useRechargeOrders(query);
  const [refunding, setRefunding] = useState<AdminRechargeOrder>();

  const columns: TableColumnsType<AdminRechargeOrder> = [
    {
      title: t('rechargeOrdersAdmin.columns.order'),
      key: 'order',
      render: (_, row) => <TwoLineCell primary={row.orderNo} secondary={t('rechargeOrdersAdmin.months', { count: row.months })} />,
    },
    {
      title: t('rechargeOrdersAdmin.columns.payer'),
      key: 'payer',
      render: (_, row) => <TwoLineCell primary={displayPersonName(row.payer.name, t)} secondary={row.payer.uid} />,
    },
    {
      title: t('rechargeOrdersAdmin.columns.amount'),
      key: 'amount',
      render: (_, row) => (
        <div>
          <strong>{formatYuan(row.amountFen)}</strong>
          {row.refundedFen > 0 && (
            <div>
              <Typography.Text type="secondary">
                {t('rechargeOrdersAdmin.refunded', { amount: formatYuan(row.refundedFen) })}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('rechargeOrdersAdmin.columns.status'),
      key: 'status',
      render: (_, row) => (
        <div data-testid="recharge-order-status">
          {row.status === 'paid' ? (
            <Tag color={STATE_COLORS[row.refundState]}>{t(`rechargeOrdersAdmin.refundState.${row.refundState}`)}</Tag>
          ) : (
            <Tag>{t(`rechargeOrdersAdmin.status.${row.status}`)}</Tag>
          )}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t(`rechargeOrdersAdmin.provider.${row.provider}`)}
            {row.paidAt !== null && ` · ${formatDate(row.paidAt)}`}
          </Typography.Text>
          {row.refunds.map((refund) => (
            <Typography.Text
              key={refund.id}
              type={refund.status === 'failed' ? 'danger' : 'secondary'}
              style={{ display: 'block', fontSize: 12 }}
            >
              {t(`rechargeOrdersAdmin.refundLine.${refund.status}`, {
                amount: formatYuan(refund.amountFen),
                origin: t(`rechargeOrdersAdmin.origin.${refund.origin}`),
                reason: refund.reason,
              })}
            </Typography.Text>
          ))}
        </div>
      ),
    },
    {
      title: t('rechargeOrdersAdmin.columns.actions'),
      key: 'actions',
      render: (_, row) =>
        row.status === 'paid' && row.refundableFen > 0 ? (
          <Button size="small" onClick={() => setRefunding(row)} data-testid="recharge-order-refund">
            {t('rechargeOrdersAdmin.refund')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <FilteredPageTable
        toolbarClassName="recharge-orders-admin__toolbar"
        toolbar={
          <>
            <Segmented
              value={filters.status}
              onChange={(status) => changeFilters({ status })}
              options={STATUS_FILTERS.map((value) => ({ value, label: t(`rechargeOrdersAdmin.filters.${value}`) }))}
            />
            <Input.Search
              allowClear
              placeholder={t('rechargeOrdersAdmin.searchPlaceholder')}
              aria-label={t('rechargeOrdersAdmin.searchPlaceholder')}
              onSearch={(value) => changeFilters({ keyword: value.trim() || undefined })}
              style={{ maxWidth: 320 }}
              data-testid="recharge-orders-search"
            />
          </>
        }
        columns={columns}
        page={orders.data}
        paging={paging}
        loading={orders.isFetching && !orders.data}
        emptyText={t('rechargeOrdersAdmin.empty')}
        rowTestId="recharge-order-row"
        data-testid="recharge-orders"
      />
      {refunding && <RefundDialog order={refunding} onClose={() => setRefunding(undefined)} />}
    </>
  );
}

/**
 * The refund of one order: an amount in yuan (the refundable rest unless changed), a required reason, and
 * a confirmation naming both. One Idempotency-Key per opening, so pressing twice refunds once.
 */
function RefundDialog({ order, onClose }: { order: AdminRechargeOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refund = useRefundRechargeOrder();
  const maxYuan = Number(fenToYuan(order.refundableFen));

  const submit = async () => {
    const { amount, reason } = await form.validateFields();
    const amountFen = parseYuanToFen(String(amount)) ?? 0;
    modal.confirm({
      title: t('rechargeOrdersAdmin.dialog.confirmTitle'),
      content: t('rechargeOrdersAdmin.dialog.confirmContent', {
        amount: formatYuan(amountFen),
        orderNo: order.orderNo,
        name: displayPersonName(order.payer.name, t),
        provider: t(`rechargeOrdersAdmin.provider.${order.provider}`),
      }),
      okText: t('rechargeOrdersAdmin.dialog.confirmOk'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'refund-confirm' } },
      onOk: () =>
        refund
          .mutateAsync({ id: order.id, amountFen, reason: reason.trim(), idempotencyKey })
          .then(onClose)
          .catch(() => undefined),
    });
  };

  return (
    <Modal
      open
      title={t('rechargeOrdersAdmin.dialog.title', { orderNo: order.orderNo })}
      okText={t('rechargeOrdersAdmin.refund')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'refund-submit' } }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={refund.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('rechargeOrdersAdmin.dialog.summary', {
          amount: formatYuan(order.amountFen),
          refunded: formatYuan(order.refundedFen),
          refundable: formatYuan(order.refundableFen),
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ amount: maxYuan, reason: '' }}>
        <Form.Item
          name="amount"
          label={t('rechargeOrdersAdmin.dialog.amount')}
          extra={t('rechargeOrdersAdmin.dialog.amountHelp', { refundable: formatYuan(order.refundableFen) })}
          rules={[
            { required: true, message: t('rechargeOrdersAdmin.dialog.amountRequired') },
            {
              validator: (_, value: number | null) =>
                value !== null && value !== undefined && value >= 0.01 && value <= maxYuan
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rechargeOrdersAdmin.dialog.amountRange', { refundable: formatYuan(order.refundableFen) }))),
            },
          ]}
        >
          <InputNumber min={0.01} max={maxYuan} precision={2} step={1} prefix="¥" style={{ width: '100%' }} data-testid="refund-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('rechargeOrdersAdmin.dialog.reason')}
          rules={[{ required: true, whitespace: true, message: t('rechargeOrdersAdmin.dialog.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={REFUND_REASON_MAX_LENGTH} showCount data-testid="refund-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
