import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Descriptions, Empty, Input, Modal, Space, Steps, Tag, Typography } from 'antd';
import {
  provinceName,
  type ServiceOrderDetail,
  type ServiceOrderItem,
  type ServiceOrderStatus,
  type ServicePaymentPart,
} from '@spatia/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageLoading } from '../../../components/page-loading';
import { UserAvatar } from '../../../components/user-avatar';
import { useLanguage } from '../../../i18n';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { useDeliverableWorks, useDeliverServiceOrder, useServiceOrder, useServiceOrderAction } from '../api/service-orders';
import { timelineOf } from '../lib/timeline';
import { PayPanel } from './pay-panel';
import './service-orders.css';

export const STATUS_COLORS: Record<ServiceOrderStatus, string> = {
  placed: 'gold',
  paid: 'blue',
  accepted: 'cyan',
  shot: 'geekblue',
  delivered: 'purple',
  completed: 'green',
  cancelled: 'default',
};

const TIME = 'YYYY-MM-DD HH:mm';

export function ServiceOrderStatusTag({ status }: { status: ServiceOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="service-order-status">
      {t(`serviceOrders.status.${status}`)}
    </Tag>
  );
}

/** "Beijing · Haidian" */
export function usePlaceOf() {
  const language = useLanguage();
  return (order: Pick<ServiceOrderItem, 'provinceCode' | 'city'>) =>
    [provinceName(order.provinceCode, language), order.city].filter(Boolean).join(' · ');
}

/**
 * One service order (`/serviceOrder/:id`), for its customer and its provider alike: the status timeline,
 * what was booked, the price, and what the caller may do now (the server's `actions`): pay, cancel,
 * confirm delivery (with the works delivered), accept, mark shot, deliver.
 */
export function ServiceOrderView({ id, payPart }: { id: number; payPart?: ServicePaymentPart }) {
  const { t } = useTranslation();
  const order = useServiceOrder(id);
  if (order.isPending) return <PageLoading />;
  if (!order.data) return <LoadFailed title={t('serviceOrders.loadFailed')} query={order} testId="service-order-error" />;
  return <OrderDetail order={order.data} payPart={payPart} />;
}

function OrderDetail({ order, payPart }: { order: ServiceOrderDetail; payPart?: ServicePaymentPart }) {
  const { t } = useTranslation();
  const placeOf = usePlaceOf();
  const timeline = timelineOf(order);
  const current = timeline.findIndex((entry) => entry.state === 'current');
  const cancelled = order.status === 'cancelled';

  return (
    <div className="service-order" data-testid="service-order">
      <Card className="service-order__head">
        <div className="service-order__title-row">
          <Typography.Title level={2} className="service-order__title">
            {order.title}
          </Typography.Title>
          <ServiceOrderStatusTag status={order.status} />
        </div>
        <Typography.Text type="secondary" copyable={{ text: order.orderNo }}>
          {t('serviceOrders.orderNo', { orderNo: order.orderNo })}
        </Typography.Text>
        <Steps
          className="service-order__timeline"
          size="small"
          current={current === -1 ? timeline.length - 1 : current}
          status={cancelled ? 'error' : undefined}
          responsive
          items={timeline.map((entry) => ({
            title: t(`serviceOrders.timeline.${entry.step}`),
            content: entry.at ? formatDate(entry.at, TIME) : undefined,
            status:
              entry.step === 'cancelled' ? 'error' : entry.state === 'done' ? 'finish' : entry.state === 'current' ? 'process' : 'wait',
          }))}
          data-testid="service-order-timeline"
        />
        {cancelled && order.cancelReason && (
          <Alert type="warning" showIcon title={t('serviceOrders.cancelledBecause', { reason: order.cancelReason })} />
        )}
      </Card>

      <OrderActions order={order} payPart={payPart} />

      <Card title={t('serviceOrders.detailTitle')}>
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('serviceOrders.fields.requirementType')}>
            {t(`serviceOrders.requirementType.${order.requirementType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.appointmentAt')}>{formatDate(order.appointmentAt, TIME)}</Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.place')}>{placeOf(order)}</Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.address')}>{order.address}</Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.phone')}>{order.phone}</Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.quantity')}>
            {order.pricing === 'sites'
              ? t('serviceOrders.quantity.sites', { count: order.siteCount ?? 0 })
              : t('serviceOrders.quantity.area', { count: order.areaM2 ?? 0 })}
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.listPrice')}>{formatYuan(order.listPriceFen)}</Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.coupon')}>
            {order.couponCode ? `${order.couponCode} · −${formatYuan(order.discountFen)}` : t('serviceOrders.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.price')}>
            <strong data-testid="service-order-price">{formatYuan(order.priceFen)}</strong>
            {order.depositFen < order.priceFen && (
              <Typography.Text type="secondary"> {t('serviceOrders.depositOf', { amount: formatYuan(order.depositFen) })}</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.paid')}>
            <span data-testid="service-order-paid">{formatYuan(order.paidFen)}</span>
            {order.refundedFen > 0 && (
              <Typography.Text type="warning"> {t('serviceOrders.refunded', { amount: formatYuan(order.refundedFen) })}</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.customer')}>
            <Party party={order.customer} />
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.provider')}>
            {order.provider ? (
              <Party party={order.provider} />
            ) : (
              <Typography.Text type="secondary">{t('serviceOrders.noProvider')}</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceOrders.fields.createdAt')}>{formatDate(order.createdAt, TIME)}</Descriptions.Item>
          {order.providerIncomeFen !== null && (
            <Descriptions.Item label={t('serviceOrders.fields.providerIncome')}>{formatYuan(order.providerIncomeFen)}</Descriptions.Item>
          )}
          {/* Not `remark && …`: an empty remark would be a child, and the table would draw it as an empty row. */}
          {order.remark ? (
            <Descriptions.Item label={t('serviceOrders.fields.remark')} span={2}>
              {order.remark}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>

      {(order.deliveredWorks.length > 0 || order.deliveryNote) && (
        <Card title={t('serviceOrders.delivery.title')} data-testid="service-order-delivery">
          {order.deliveryNote && <Typography.Paragraph>{order.deliveryNote}</Typography.Paragraph>}
          <ul className="service-works">
            {order.deliveredWorks.map((work) => (
              <li key={work.uid} className="service-works__item" data-testid="service-delivered-work">
                <span className="service-works__cover" aria-hidden>
                  {work.coverUrl && <img src={work.coverUrl} alt="" loading="lazy" />}
                </span>
                <Link to={`/details/${work.uid}`} target="_blank" rel="noopener">
                  {work.name || t('serviceOrders.untitled')}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function Party({ party }: { party: ServiceOrderItem['customer'] }) {
  const { t } = useTranslation();
  const name = displayPersonName(party.name, t);
  return (
    <Space size={6}>
      <UserAvatar src={party.avatarUrl} name={name} size={22} />
      <span>{name}</span>
    </Space>
  );
}

/** What the caller may do now, each with its confirmation; the server says which (`order.actions`). */
function OrderActions({ order, payPart }: { order: ServiceOrderDetail; payPart?: ServicePaymentPart }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const act = useServiceOrderAction();
  const [delivering, setDelivering] = useState(false);
  // The confirmation's text box is outside React's state of this component: a ref reads what was typed.
  const cancelReason = useRef('');
  const can = (action: ServiceOrderDetail['actions'][number]) => order.actions.includes(action);
  const buttons = [];

  const run = (action: 'cancel' | 'confirm' | 'accept' | 'shot', done: string, reason?: string) =>
    act.mutateAsync({ id: order.id, action, reason }).then(
      () => void message.success(t(done)),
      () => undefined,
    );

  if (can('accept')) {
    buttons.push(
      <Button
        key="accept"
        type="primary"
        onClick={() => void run('accept', 'serviceOrders.actions.accepted')}
        loading={act.isPending}
        data-testid="service-accept"
      >
        {t('serviceOrders.actions.accept')}
      </Button>,
    );
  }
  if (can('markShot')) {
    buttons.push(
      <Button
        key="shot"
        type="primary"
        onClick={() =>
          void modal.confirm({
            title: t('serviceOrders.actions.shotTitle'),
            content: t('serviceOrders.actions.shotText'),
            okText: t('serviceOrders.actions.shot'),
            cancelText: t('common.actions.cancel'),
            onOk: () => run('shot', 'serviceOrders.actions.shotDone'),
          })
        }
        data-testid="service-shot"
      >
        {t('serviceOrders.actions.shot')}
      </Button>,
    );
  }
  if (can('deliver')) {
    buttons.push(
      <Button key="deliver" type="primary" onClick={() => setDelivering(true)} data-testid="service-deliver">
        {t('serviceOrders.actions.deliver')}
      </Button>,
    );
  }
  if (can('confirm')) {
    buttons.push(
      <Button
        key="confirm"
        type="primary"
        icon={<CheckCircleOutlined />}
        onClick={() =>
          void modal.confirm({
            title: t('serviceOrders.actions.confirmTitle'),
            content: t('serviceOrders.actions.confirmText', { count: order.deliveredWorks.length }),
            okText: t('serviceOrders.actions.confirm'),
            cancelText: t('common.actions.cancel'),
            onOk: () => run('confirm', 'serviceOrders.actions.confirmed'),
          })
        }
        data-testid="service-confirm"
      >
        {t('serviceOrders.actions.confirm')}
      </Button>,
    );
  }
  if (can('cancel')) {
    buttons.push(
      <Button
        key="cancel"
        danger
        onClick={() => {
          cancelReason.current = '';
          modal.confirm({
            title: t('serviceOrders.actions.cancelTitle'),
            content: (
              <>
                <p>
                  {order.paidFen > 0
                    ? t('serviceOrders.actions.cancelRefund', { amount: formatYuan(order.paidFen) })
                    : t('serviceOrders.actions.cancelText')}
                </p>
                <Input.TextArea
                  aria-label={t('serviceOrders.actions.cancelReason')}
                  placeholder={t('serviceOrders.actions.cancelReason')}
                  maxLength={200}
                  onChange={(event) => {
                    cancelReason.current = event.target.value;
                  }}
                />
              </>
            ),
            okText: t('serviceOrders.actions.cancel'),
            okButtonProps: { danger: true },
            cancelText: t('serviceOrders.actions.keep'),
            onOk: () => run('cancel', 'serviceOrders.actions.cancelled', cancelReason.current.trim() || undefined),
          });
        }}
        data-testid="service-cancel"
      >
        {t('serviceOrders.actions.cancel')}
      </Button>,
    );
  }

  const showPay = can('pay');
  if (!showPay && buttons.length === 0) return null;
  return (
    <>
      {showPay && <PayPanel order={order} initialPart={payPart} />}
      {buttons.length > 0 && (
        <Card className="service-order__actions">
          <Space wrap>{buttons}</Space>
        </Card>
      )}
      {delivering && <DeliverDialog order={order} onClose={() => setDelivering(false)} />}
    </>
  );
}

/** The provider picks processed works of theirs to hand over (work transfers tied to the order), with a note. */
function DeliverDialog({ order, onClose }: { order: ServiceOrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const works = useDeliverableWorks(order.id, true);
  const deliver = useDeliverServiceOrder();
  const [picked, setPicked] = useState<string[]>([]);
  const [note, setNote] = useState('');
  return (
    <Modal
      open
      title={t('serviceOrders.delivery.dialogTitle')}
      okText={t('serviceOrders.actions.deliver')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: picked.length === 0, loading: deliver.isPending, 'data-testid': 'service-deliver-submit' }}
      onCancel={onClose}
      onOk={() =>
        void deliver.mutateAsync({ id: order.id, workUids: picked, note: note.trim() || undefined }).then(
          () => {
            void message.success(t('serviceOrders.delivery.done'));
            onClose();
          },
          () => undefined,
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('serviceOrders.delivery.hint')}</Typography.Paragraph>
      {works.isPending ? (
        <PageLoading />
      ) : (works.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('serviceOrders.delivery.noWorks')} />
      ) : (
        <Checkbox.Group value={picked} onChange={(values) => setPicked(values)} className="service-works service-works--pick">
          {(works.data ?? []).map((work) => (
            <Checkbox key={work.uid} value={work.uid} className="service-works__item" data-testid="service-deliverable-work">
              <span className="service-works__cover" aria-hidden>
                {work.coverUrl && <img src={work.coverUrl} alt="" loading="lazy" />}
              </span>
              {work.name || t('serviceOrders.untitled')}
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
      <Input.TextArea
        className="service-deliver__note"
        aria-label={t('serviceOrders.delivery.note')}
        placeholder={t('serviceOrders.delivery.note')}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </Modal>
  );
}
