import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import {
  SERVICE_ORDER_STATUSES,
  SERVICE_REASON_MAX,
  type Page,
  type ServiceOrderItem,
  type ServiceOrderStatus,
  type SignedProviderItem,
} from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { FilterSelect } from '../../../components/filter-select';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { useAdminCancel, useAdminServiceOrder, useAdminServiceOrders, useAssignProvider } from '../api/admin';
import { ServiceOrderStatusTag, usePlaceOf } from './service-order-view';

const TIME = 'YYYY-MM-DD HH:mm';

/** Every service order, by status or a keyword (order number, title, phone); a row opens the order with Assign and Cancel. */
export function AdminServiceOrders() {
  const { t } = useTranslation();
  const placeOf = usePlaceOf();
  const [status, setStatus] = useState<ServiceOrderStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const orders = useAdminServiceOrders({ status, keyword: keyword.trim() || undefined, pageNum, pageSize: 10 });

  return (
    <div className="admin-service-orders">
      <Space wrap className="admin-service-orders__filters">
        <FilterSelect<ServiceOrderStatus>
          label={t('serviceOrders.admin.status')}
          testId="admin-service-status"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPageNum(1);
          }}
          allLabel={t('serviceOrders.admin.allStatuses')}
          choices={SERVICE_ORDER_STATUSES}
          choiceLabel={(value) => t(`serviceOrders.status.${value}`)}
        />
        <Input.Search
          allowClear
          aria-label={t('serviceOrders.admin.search')}
          placeholder={t('serviceOrders.admin.search')}
          onSearch={(value) => {
            setKeyword(value);
            setPageNum(1);
          }}
          className="admin-service-orders__search"
        />
      </Space>
      {orders.isError && !orders.data ? (
        <LoadFailed title={t('serviceOrders.loadFailed')} query={orders} />
      ) : (
        <Table<ServiceOrderItem>
          rowKey="id"
          loading={orders.isFetching}
          dataSource={orders.data?.list ?? []}
          scroll={{ x: 1000 }}
          locale={{ emptyText: t('serviceOrders.admin.noOrders') }}
          pagination={{ current: pageNum, pageSize: 10, total: orders.data?.total ?? 0, onChange: setPageNum, hideOnSinglePage: true }}
          data-testid="admin-service-orders"
          columns={[
            {
              key: 'title',
              title: t('serviceOrders.fields.title'),
              render: (_, order) => (
                <Button type="link" className="admin-service-orders__open" onClick={() => setOpenId(order.id)}>
                  {order.title}
                </Button>
              ),
            },
            { key: 'no', title: t('serviceOrders.admin.orderNo'), dataIndex: 'orderNo' },
            {
              key: 'type',
              title: t('serviceOrders.fields.requirementType'),
              render: (_, order) => t(`serviceOrders.requirementType.${order.requirementType}`),
            },
            { key: 'place', title: t('serviceOrders.fields.place'), render: (_, order) => placeOf(order) },
            { key: 'customer', title: t('serviceOrders.fields.customer'), render: (_, order) => displayPersonName(order.customer.name, t) },
            {
              key: 'provider',
              title: t('serviceOrders.fields.provider'),
              render: (_, order) => (order.provider ? displayPersonName(order.provider.name, t) : '—'),
            },
            { key: 'price', title: t('serviceOrders.fields.price'), align: 'right', render: (_, order) => formatYuan(order.priceFen) },
            {
              key: 'status',
              title: t('serviceOrders.admin.status'),
              render: (_, order) => <ServiceOrderStatusTag status={order.status} />,
            },
            { key: 'at', title: t('serviceOrders.fields.appointmentAt'), render: (_, order) => formatDate(order.appointmentAt, TIME) },
          ]}
        />
      )}
      <AdminOrderDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function AdminOrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const placeOf = usePlaceOf();
  const order = useAdminServiceOrder(id);
  const assign = useAssignProvider();
  // The photographer chosen for this order: the drawer stays mounted, and another order's choice is not carried over.
  const [choice, setChoice] = useState<{ orderId: number; uid: string } | null>(null);
  const providerUid = choice !== null && choice.orderId === id ? choice.uid : undefined;
  const [cancelling, setCancelling] = useState(false);
  const data = order.data;
  const providers = useQuery({
    queryKey: [...queryKeys.serviceOrders.admin(), 'assignable', data?.provinceCode],
    queryFn: (): Promise<Page<SignedProviderItem>> =>
      api.get('/admin/signing/providers', {
        params: { query: { status: 'active', provinceCode: data!.provinceCode, pageNum: 1, pageSize: 50 } },
      }),
    enabled: !!data && data.actions.includes('adminAssign'),
  });

  return (
    <Drawer open={id !== null} onClose={onClose} size={560} title={data?.title ?? t('serviceOrders.detailTitle')} destroyOnHidden>
      {order.isError && !data ? (
        <LoadFailed title={t('serviceOrders.loadFailed')} query={order} />
      ) : data ? (
        <Space direction="vertical" size={16} className="admin-order">
          <ServiceOrderStatusTag status={data.status} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('serviceOrders.admin.orderNo')}>{data.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('serviceOrders.fields.place')}>{`${placeOf(data)} · ${data.address}`}</Descriptions.Item>
            <Descriptions.Item label={t('serviceOrders.fields.phone')}>{data.phone}</Descriptions.Item>
            <Descriptions.Item label={t('serviceOrders.fields.appointmentAt')}>{formatDate(data.appointmentAt, TIME)}</Descriptions.Item>
            <Descriptions.Item label={t('serviceOrders.fields.price')}>{formatYuan(data.priceFen)}</Descriptions.Item>
            <Descriptions.Item label={t('serviceOrders.fields.paid')}>{formatYuan(data.paidFen)}</Descriptions.Item>
            <Descriptions.Item label={t('serviceOrders.fields.customer')}>{displayPersonName(data.customer.name, t)}</Descriptions.Item>
            <Descriptions.Item label={t('serviceOrders.fields.provider')}>
              {data.provider ? displayPersonName(data.provider.name, t) : '—'}
            </Descriptions.Item>
            {data.cancelReason && <Descriptions.Item label={t('serviceOrders.admin.cancelReason')}>{data.cancelReason}</Descriptions.Item>}
          </Descriptions>
          {data.actions.includes('adminAssign') && (
            <div>
              <Typography.Text strong id="assign-label">
                {t('serviceOrders.admin.assign')}
              </Typography.Text>
              <Space.Compact block>
                <Select
                  aria-labelledby="assign-label"
                  value={providerUid}
                  onChange={(uid: string) => setChoice({ orderId: data.id, uid })}
                  loading={providers.isFetching}
                  placeholder={t('serviceOrders.admin.assignPlaceholder')}
                  notFoundContent={t('serviceOrders.admin.noProviderHere')}
                  options={(providers.data?.list ?? []).map((item) => ({
                    value: item.provider.uid,
                    label: displayPersonName(item.provider.name, t),
                  }))}
                  className="admin-order__assign"
                />
                <Button
                  type="primary"
                  disabled={!providerUid}
                  loading={assign.isPending}
                  onClick={() =>
                    void assign.mutateAsync({ id: data.id, providerUid: providerUid! }).then(
                      () => void message.success(t('serviceOrders.admin.assigned')),
                      () => undefined,
                    )
                  }
                >
                  {t('serviceOrders.admin.assignButton')}
                </Button>
              </Space.Compact>
            </div>
          )}
          {data.actions.includes('adminCancel') && (
            <Button danger onClick={() => setCancelling(true)} data-testid="admin-service-cancel">
              {t('serviceOrders.admin.cancelOrder')}
            </Button>
          )}
          {cancelling && <AdminCancelDialog id={data.id} paidFen={data.paidFen} onClose={() => setCancelling(false)} />}
        </Space>
      ) : null}
    </Drawer>
  );
}

/** Cancel with a reason and a refund (all that was paid by default; the rest goes to the provider, or stays with the platform). */
function AdminCancelDialog({ id, paidFen, onClose }: { id: number; paidFen: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useAdminCancel();
  const [form] = Form.useForm<{ reason: string; refund: number }>();
  return (
    <Modal
      open
      title={t('serviceOrders.admin.cancelOrder')}
      okText={t('serviceOrders.admin.cancelOrder')}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText={t('serviceOrders.actions.keep')}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(
          (values) =>
            cancel.mutateAsync({ id, reason: values.reason.trim(), refundFen: Math.round(values.refund * 100) }).then(
              () => {
                void message.success(t('serviceOrders.actions.cancelled'));
                onClose();
              },
              () => undefined,
            ),
          () => undefined,
        )
      }
    >
      <Form form={form} layout="vertical" initialValues={{ reason: '', refund: paidFen / 100 }}>
        <Form.Item
          name="reason"
          label={t('serviceOrders.admin.cancelReason')}
          rules={[{ required: true, whitespace: true, message: t('serviceOrders.admin.reasonRequired') }]}
        >
          <Input.TextArea maxLength={SERVICE_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item
          name="refund"
          label={t('serviceOrders.admin.refund')}
          extra={t('serviceOrders.admin.refundHint', { paid: formatYuan(paidFen) })}
        >
          <InputNumber min={0} max={paidFen / 100} precision={2} prefix="¥" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
