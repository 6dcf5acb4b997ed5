import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Empty, Pagination, Segmented, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { hasRole, ORDER_STATUSES, Role, type OrderDirection, type OrderRecord, type OrderStatus, type OrderType } from '@spatia/contract';
import dayjs from 'dayjs';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FilterSelect } from '../../../components/filter-select';
import { LoadFailed } from '../../../components/load-failed';
import { tablePagination } from '../../../components/page-table';
import { formatDate, formatYuan } from '../../../lib/format';
import { useAddressPagedFilters } from '../../../lib/use-address-paged-filters';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { exportOrders } from '../api/export-orders';
import { useOrders } from '../api/get-orders';
import { orderTypesFor, readOrderFilters, writeOrderFilters } from '../lib/order-filters';
import { displayPersonName } from '../../../lib/person-name';
import './orders.css';

const PAGE_SIZE = 10;

const STATUS_COLORS: Record<OrderStatus, string> = { pending: 'gold', completed: 'green', closed: 'default' };

/**
 * One kind of order on one side (spec 2.4's seven order pages): the kinds of that side to switch
 * between, status and date filters, the totals of everything that matches, the table and the CSV export.
 */
export function OrderList({ direction, type }: { direction: OrderDirection; type: OrderType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useUi((state) => state.device === 'mobile');
  const roles = useSession((session) => session.roles);
  const isMerchant = hasRole({ roles }, Role.merchant);
  // Spec 2.3: the recharge page is for photographers and customers.
  const canRecharge = hasRole({ roles }, Role.photographer) || hasRole({ roles }, Role.customer);
  // The filters live in the address, so a reload, a shared link or the sidebar's next kind of order keeps them.
  const { filters, changeFilters, paging } = useAddressPagedFilters(readOrderFilters, writeOrderFilters, PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const orders = useOrders({ direction, type, ...filters, pageNum: paging.pageNum, pageSize: PAGE_SIZE });
  const filtered = filters.status !== undefined || filters.startTime !== undefined;

  const download = async () => {
    setExporting(true);
    try {
      await exportOrders(direction, type, filters);
    } catch {
      // The client has shown the server's message.
    } finally {
      setExporting(false);
    }
  };

  const cells = orderCells(t, direction, type);
  const columns: TableColumnsType<OrderRecord> = [
    { key: 'orderNo', title: cells.orderNo.title, width: 220, render: (_, order) => cells.orderNo.render(order) },
    { key: 'item', title: cells.item.title, render: (_, order) => cells.item.render(order) },
    { key: 'counterpart', title: cells.counterpart.title, render: (_, order) => cells.counterpart.render(order) },
    { key: 'amount', title: cells.amount.title, align: 'right', width: 130, render: (_, order) => cells.amount.render(order) },
    { key: 'status', title: cells.status.title, width: 120, render: (_, order) => cells.status.render(order) },
    { key: 'time', title: cells.time.title, width: 190, render: (_, order) => cells.time.render(order) },
  ];

  const totals = orders.data?.totals;
  const emptyText = filtered ? t('orders.emptyFiltered') : t(`orders.empty.${direction}.${type}`);
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid="order-empty">
      {!filtered && canRecharge && direction === 'consume' && type === 'flow' && (
        <Link to="/recharge/index">
          <Button type="primary">{t('orders.goRecharge')}</Button>
        </Link>
      )}
    </Empty>
  );

  return (
    <section className="order-list" aria-label={t(`orders.label.${direction}`)}>
      <Segmented<OrderType>
        className="order-list__types"
        value={type}
        onChange={(next) => void navigate({ pathname: `/order/${direction}/${next}`, search: writeOrderFilters(filters).toString() })}
        options={orderTypesFor(direction, isMerchant).map((value) => ({ value, label: t(`orders.types.${value}`) }))}
        data-testid="order-types"
      />
      <div className="order-list__filters">
        <FilterSelect<OrderStatus>
          className="order-list__status"
          label={t('orders.filters.status')}
          testId="order-status-filter"
          value={filters.status}
          onChange={(status) => changeFilters({ status })}
          allLabel={t('orders.filters.allStatuses')}
          choices={ORDER_STATUSES}
          choiceLabel={(status) => t(`orders.status.${status}`)}
        />
        <DatePicker.RangePicker
          className="order-list__range"
          aria-label={t('orders.filters.range')}
          placeholder={[t('orders.filters.rangeStart'), t('orders.filters.rangeEnd')]}
          value={filters.startTime && filters.endTime ? [dayjs(filters.startTime), dayjs(filters.endTime)] : null}
          onChange={(range) =>
            changeFilters({
              startTime: range?.[0]?.format('YYYY-MM-DD') ?? undefined,
              endTime: range?.[1]?.format('YYYY-MM-DD') ?? undefined,
            })
          }
        />
        {filtered && (
          <Button onClick={() => changeFilters({ status: undefined, startTime: undefined, endTime: undefined })}>
            {t('orders.filters.reset')}
          </Button>
        )}
        <Button
          className="order-list__export"
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!totals || totals.count === 0}
          onClick={() => void download()}
          data-testid="order-export"
        >
          {t('orders.export')}
        </Button>
      </div>
      {orders.isError && !orders.data ? (
        <LoadFailed title={t('orders.loadFailed')} query={orders} testId="order-list-error" />
      ) : (
        <>
          <p className="order-list__totals" data-testid="order-totals" aria-live="polite">
            {totals && totals.count > 0
              ? t(`orders.totals.${direction}`, {
                  count: totals.count,
                  completed: totals.completedCount,
                  amount: formatYuan(totals.amountFen),
                })
              : ' '}
          </p>
          {isMobile ? (
            <OrderCards
              orders={orders.data?.list ?? []}
              loading={orders.isFetching}
              cells={cells}
              empty={empty}
              pagination={{ current: paging.pageNum, pageSize: PAGE_SIZE, total: orders.data?.total ?? 0, onChange: paging.onPageChange }}
            />
          ) : (
            <Table<OrderRecord>
              rowKey="id"
              aria-label={t(`orders.label.${direction}`)}
              data-testid="order-table"
              columns={columns}
              dataSource={orders.data?.list ?? []}
              loading={orders.isFetching}
              onRow={() => ({ 'data-testid': 'order-row' }) as HTMLAttributes<HTMLElement>}
              locale={{ emptyText: empty }}
              pagination={tablePagination(paging, orders.data?.total ?? 0, { hideOnSinglePage: true })}
            />
          )}
        </>
      )}
    </section>
  );
}

/** Who the other side is: the payment method for a recharge or a membership, the seller for a purchase, the buyer for a sale. */
function counterpartOf(direction: OrderDirection, type: OrderType): 'provider' | 'seller' | 'buyer' {
  if (type === 'flow' || type === 'membership') return 'provider';
  return direction === 'consume' ? 'seller' : 'buyer';
}

type Translate = TFunction;

interface OrderCell {
  title: string;
  render: (order: OrderRecord) => ReactNode;
}

/** What each column shows, for the table and the phone's cards alike. */
function orderCells(
  t: Translate,
  direction: OrderDirection,
  type: OrderType,
): Record<'orderNo' | 'item' | 'counterpart' | 'amount' | 'status' | 'time', OrderCell> {
  return {
    orderNo: {
      title: t('orders.columns.orderNo'),
      render: (order) => (
        <Typography.Text className="order-list__no" copyable={{ text: order.orderNo, tooltips: [t('orders.copy'), t('orders.copied')] }}>
          {order.orderNo}
        </Typography.Text>
      ),
    },
    item: {
      title: t('orders.columns.item'),
      render: (order) => {
        const { item } = order;
        if (item.kind === 'flow') return t('orders.item.flow', { count: item.months });
        if (item.kind === 'membership') return t('orders.item.membership', { version: item.versionName, count: item.months });
        if (item.kind === 'service') {
          // `serviceProvider:{id}`: the service order's page (docs/web.md "Service orders and signing").
          const serviceOrderId = order.id.split(':')[1];
          return (
            <span className="order-list__item">
              <Link to={`/serviceOrder/${serviceOrderId}`} data-testid="order-service-link">
                {item.title}
              </Link>
              <Typography.Text type="secondary" className="order-list__kind">
                {' · '}
                {t(`orders.requirementType.${item.requirementType}`)}
              </Typography.Text>
            </span>
          );
        }
        return <span className="order-list__item">{item.workName}</span>;
      },
    },
    counterpart: {
      title: t(`orders.columns.counterpart.${counterpartOf(direction, type)}`),
      render: (order) => {
        if (order.counterpart) return displayPersonName(order.counterpart.name, t);
        if (order.provider) return t(`orders.provider.${order.provider}`);
        // A membership paid from the flow balance goes through no provider.
        return order.item.kind === 'membership' ? t('orders.provider.balance') : '';
      },
    },
    amount: {
      title: t('orders.columns.amount'),
      render: (order) => (
        <span className="order-list__amount">
          {formatYuan(order.amountFen)}
          {order.refundedFen > 0 && (
            <Typography.Text type="secondary" className="order-list__refunded" data-testid="order-refunded">
              {t('orders.refunded', { amount: formatYuan(order.refundedFen) })}
            </Typography.Text>
          )}
        </span>
      ),
    },
    status: {
      title: t('orders.columns.status'),
      render: (order) => (
        <Tag color={order.refundedFen > 0 ? 'orange' : STATUS_COLORS[order.status]} data-testid="order-status">
          {t(
            `orders.sourceStatus.${order.sourceStatus === 'pending' && order.item.kind !== 'work' ? 'pendingPayment' : order.sourceStatus}`,
          )}
        </Tag>
      ),
    },
    time: {
      title: t('orders.columns.time'),
      render: (order) => (
        <span className="order-list__time">
          <span>{formatDate(order.createdAt)}</span>
          {order.completedAt !== null && (
            <Typography.Text type="secondary" className="order-list__completed">
              {t('orders.completedAt', { time: formatDate(order.completedAt) })}
            </Typography.Text>
          )}
        </span>
      ),
    },
  };
}

/** The phone's list (under 992px): one card per order, the item and amount first. */
function OrderCards({
  orders,
  loading,
  cells,
  empty,
  pagination,
}: {
  orders: readonly OrderRecord[];
  loading: boolean;
  cells: ReturnType<typeof orderCells>;
  empty: ReactNode;
  pagination: { current: number; pageSize: number; total: number; onChange: (pageNum: number) => void };
}) {
  if (orders.length === 0) return loading ? <Skeleton active paragraph={{ rows: 3 }} /> : <div className="order-cards__empty">{empty}</div>;
  return (
    <>
      <ul className="order-cards" aria-busy={loading}>
        {orders.map((order) => (
          <li key={order.id} className="order-card" data-testid="order-row">
            <div className="order-card__head">
              <strong className="order-card__item">{cells.item.render(order)}</strong>
              {cells.amount.render(order)}
            </div>
            <dl className="order-card__facts">
              <dt>{cells.status.title}</dt>
              <dd>{cells.status.render(order)}</dd>
              <dt>{cells.counterpart.title}</dt>
              <dd>{cells.counterpart.render(order)}</dd>
              <dt>{cells.orderNo.title}</dt>
              <dd>{cells.orderNo.render(order)}</dd>
              <dt>{cells.time.title}</dt>
              <dd>{cells.time.render(order)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {pagination.total > pagination.pageSize && <Pagination simple align="center" {...pagination} />}
    </>
  );
}
