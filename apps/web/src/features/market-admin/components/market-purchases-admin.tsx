import { App, Button, Form, Input, Modal, Segmented, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { MARKET_REASON_MAX_LENGTH, type MarketPurchase } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../../../components/actions-column';
import { FilteredPageTable } from '../../../components/filtered-page-table';
import { TwoLineCell } from '../../../components/review-queue-cells';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { useNow } from '../../../lib/use-now';
import { useStatusPagedFilters } from '../../../lib/use-status-paged-filters';
import { useAdminPurchases, useRefundPurchase } from '../api/market-admin';
import { refundBlockOf } from '../lib/market-admin-rules';
import './market-admin.css';

const PAGE_SIZE = 20;
const STATUS_FILTERS = ['all', 'completed', 'refunded'] as const;

/**
 * The back office's market purchases (/admin/marketPurchases): who bought what from whom, how it was paid,
 * the platform's fee, and a refund within the refund window (a reason, then a confirmation naming the money
 * and what the buyer loses: the licence, and a copy of the work).
 */
export function MarketPurchasesAdmin() {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const { filters, changeFilters, paging, query } = useStatusPagedFilters<{
    status: (typeof STATUS_FILTERS)[number];
    keyword: string | undefined;
  }>({ status: 'all', keyword: undefined }, PAGE_SIZE);
  const purchases = useAdminPurchases(query);
  const [refunding, setRefunding] = useState<MarketPurchase>();

  const columns: TableColumnsType<MarketPurchase> = [
    {
      title: t('marketAdmin.purchases.columns.order'),
      key: 'order',
      render: (_, row) => <TwoLineCell primary={row.orderNo} secondary={formatDate(row.purchasedAt)} />,
    },
    {
      title: t('marketAdmin.purchases.columns.work'),
      key: 'work',
      render: (_, row) => (
        <TwoLineCell
          primary={<strong className="market-admin__name">{row.work.name}</strong>}
          secondary={t(`marketAdmin.licence.${row.licence}`)}
        />
      ),
    },
    {
      title: t('marketAdmin.purchases.columns.buyer'),
      key: 'buyer',
      render: (_, row) => <TwoLineCell primary={displayPersonName(row.buyer.name, t)} secondary={row.buyer.uid} />,
    },
    {
      title: t('marketAdmin.purchases.columns.seller'),
      key: 'seller',
      render: (_, row) => <TwoLineCell primary={displayPersonName(row.seller.name, t)} secondary={row.seller.uid} />,
    },
    {
      title: t('marketAdmin.purchases.columns.amount'),
      key: 'amount',
      align: 'right',
      render: (_, row) => (
        <div>
          <strong>{formatYuan(row.priceFen)}</strong>
          <Typography.Text type="secondary" className="market-admin__note">
            {t('marketAdmin.purchases.fee', { fee: formatYuan(row.feeFen) })}
          </Typography.Text>
          <Typography.Text type="secondary" className="market-admin__note">
            {paymentLine(row, t)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('marketAdmin.purchases.columns.status'),
      key: 'status',
      render: (_, row) =>
        row.status === 'refunded' ? (
          <div className="market-admin__status">
            <Tag color="orange" data-testid="market-purchase-status">
              {t('marketAdmin.purchases.status.refunded')}
            </Tag>
            <Typography.Text type="secondary" className="market-admin__note">
              {formatDate(row.refundedAt)}
            </Typography.Text>
            {row.refundReason && (
              <Typography.Text type="secondary" className="market-admin__note">
                {t('marketAdmin.reason', { reason: row.refundReason })}
              </Typography.Text>
            )}
          </div>
        ) : (
          <div className="market-admin__status">
            <Tag color="green" data-testid="market-purchase-status">
              {t('marketAdmin.purchases.status.completed')}
            </Tag>
            <Typography.Text type="secondary" className="market-admin__note">
              {t('marketAdmin.purchases.refundableUntil', { time: formatDate(row.refundableUntil) })}
            </Typography.Text>
          </div>
        ),
    },
    actionsColumn(t('marketAdmin.purchases.columns.actions'), (row) => {
      const block = refundBlockOf(row, now);
      if (block === 'refunded') return null;
      const button = (
        <Button size="small" danger disabled={block !== null} onClick={() => setRefunding(row)} data-testid="market-purchase-refund">
          {t('marketAdmin.purchases.refund')}
        </Button>
      );
      return block ? <Tooltip title={t('marketAdmin.purchases.windowPassed')}>{button}</Tooltip> : button;
    }),
  ];

  return (
    <>
      <FilteredPageTable<MarketPurchase>
        toolbarClassName="market-admin__toolbar"
        toolbar={
          <>
            <Segmented
              value={filters.status}
              onChange={(status) => changeFilters({ status })}
              options={STATUS_FILTERS.map((value) => ({ value, label: t(`marketAdmin.purchases.filters.${value}`) }))}
            />
            <Input.Search
              allowClear
              placeholder={t('marketAdmin.purchases.search')}
              aria-label={t('marketAdmin.purchases.search')}
              onSearch={(value) => changeFilters({ keyword: value.trim() || undefined })}
              className="market-admin__search"
            />
          </>
        }
        columns={columns}
        page={purchases.data}
        paging={paging}
        loading={purchases.isFetching && !purchases.data}
        emptyText={t('marketAdmin.purchases.empty')}
        rowTestId="market-purchase-row"
        data-testid="market-purchases"
      />
      {refunding && <RefundDialog purchase={refunding} onClose={() => setRefunding(undefined)} />}
    </>
  );
}

function paymentLine(row: MarketPurchase, t: ReturnType<typeof useTranslation>['t']): string {
  if (row.paidByProviderFen === 0) return t('marketAdmin.purchases.paidBalance');
  return t('marketAdmin.purchases.paidSplit', {
    balance: formatYuan(row.paidFromBalanceFen),
    qr: formatYuan(row.paidByProviderFen),
    provider: t(`checkout.provider.${row.provider ?? 'sandbox'}`),
  });
}

/**
 * The refund of one purchase: the whole price, a required reason, then a confirmation that names the money
 * and what the buyer loses. One Idempotency-Key per opening, so pressing twice refunds once.
 */
function RefundDialog({ purchase, onClose }: { purchase: MarketPurchase; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refund = useRefundPurchase();

  const submit = async () => {
    const { reason } = await form.validateFields();
    modal.confirm({
      title: t('marketAdmin.purchases.dialog.confirmTitle'),
      content: t(purchase.licence === 'copy' ? 'marketAdmin.purchases.dialog.confirmCopy' : 'marketAdmin.purchases.dialog.confirmView', {
        amount: formatYuan(purchase.priceFen),
        name: displayPersonName(purchase.buyer.name, t),
        work: purchase.work.name,
      }),
      okText: t('marketAdmin.purchases.dialog.confirmOk'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'market-refund-confirm' } },
      onOk: () =>
        refund.mutateAsync({ id: purchase.id, reason: reason.trim(), idempotencyKey }).then(
          () => {
            void message.success(t('marketAdmin.purchases.refunded', { orderNo: purchase.orderNo }));
            onClose();
          },
          () => undefined,
        ),
    });
  };

  return (
    <Modal
      open
      title={t('marketAdmin.purchases.dialog.title', { orderNo: purchase.orderNo })}
      okText={t('marketAdmin.purchases.refund')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'market-refund-submit' } }}
      cancelText={t('common.actions.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={refund.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('marketAdmin.purchases.dialog.summary', {
          amount: formatYuan(purchase.priceFen),
          balance: formatYuan(purchase.paidFromBalanceFen),
          qr: formatYuan(purchase.paidByProviderFen),
          time: formatDate(purchase.refundableUntil),
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ reason: '' }}>
        <Form.Item
          name="reason"
          label={t('marketAdmin.purchases.dialog.reason')}
          rules={[{ required: true, whitespace: true, message: t('marketAdmin.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={MARKET_REASON_MAX_LENGTH} showCount data-testid="market-refund-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
