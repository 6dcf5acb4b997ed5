import { App, Button, Empty, List, Space, Typography } from 'antd';
import type { ServiceOrderItem, ServiceOrderPage } from '@spatia/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { formatDate, formatYuan } from '../../../lib/format';
import { useMyServiceOrders, useOpenServiceOrders, useServiceOrderAction } from '../api/service-orders';
import { ServiceOrderStatusTag, usePlaceOf } from './service-order-view';

const PAGE_SIZE = 10;

interface OrderRowsProps {
  query: {
    data?: ServiceOrderPage;
    isPending: boolean;
    isFetching: boolean;
    isError: boolean;
    error: Error | null;
    refetch: () => Promise<unknown>;
  };
  pageNum: number;
  onPage: (pageNum: number) => void;
  empty: string;
  testId: string;
  action?: (order: ServiceOrderItem) => ReactNode;
}

/** Orders as a list of cards (any width): what, where, when, the price and the status; the title opens the order. */
function OrderRows({ query, pageNum, onPage, empty, testId, action }: OrderRowsProps) {
  const { t } = useTranslation();
  const placeOf = usePlaceOf();
  if (query.isError && !query.data) return <LoadFailed title={t('serviceOrders.loadFailed')} query={query} testId={`${testId}-error`} />;
  return (
    <List<ServiceOrderItem>
      className="service-list"
      loading={query.isFetching}
      dataSource={query.data?.list ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      pagination={
        (query.data?.total ?? 0) > PAGE_SIZE
          ? { current: pageNum, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onChange: onPage, simple: true, align: 'center' }
          : false
      }
      data-testid={testId}
      renderItem={(order) => (
        <List.Item className="service-list__item" data-testid={`${testId}-row`} actions={action ? [action(order)] : undefined}>
          <List.Item.Meta
            title={
              <Space wrap size={8}>
                <Link to={`/serviceOrder/${order.id}`} data-testid="service-order-link">
                  {order.title}
                </Link>
                <ServiceOrderStatusTag status={order.status} />
              </Space>
            }
            description={
              <span className="service-list__facts">
                <span>{t(`serviceOrders.requirementType.${order.requirementType}`)}</span>
                <span>{placeOf(order)}</span>
                <span>{t('serviceOrders.appointment', { time: formatDate(order.appointmentAt, 'YYYY-MM-DD HH:mm') })}</span>
                <span>
                  {order.pricing === 'sites'
                    ? t('serviceOrders.quantity.sites', { count: order.siteCount ?? 0 })
                    : t('serviceOrders.quantity.area', { count: order.areaM2 ?? 0 })}
                </span>
              </span>
            }
          />
          <Typography.Text strong className="service-list__price">
            {formatYuan(order.priceFen)}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

/** My orders on one side: placed by me (customer) or taken by me (provider). */
export function MyServiceOrders({ side }: { side: 'customer' | 'provider' }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const query = useMyServiceOrders({ as: side, pageNum, pageSize: PAGE_SIZE });
  return (
    <OrderRows
      query={query}
      pageNum={pageNum}
      onPage={setPageNum}
      empty={t(`serviceOrders.empty.${side}`)}
      testId={side === 'provider' ? 'provider-orders' : 'customer-orders'}
    />
  );
}

/** Paid orders in a signed provider's provinces that nobody took yet, with Accept. */
export function OpenServiceOrders({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [pageNum, setPageNum] = useState(1);
  const query = useOpenServiceOrders({ pageNum, pageSize: PAGE_SIZE }, enabled);
  const act = useServiceOrderAction();
  const accept = (order: ServiceOrderItem) =>
    act.mutateAsync({ id: order.id, action: 'accept' }).then(
      () => {
        void message.success(t('serviceOrders.actions.accepted'));
        void navigate(`/serviceOrder/${order.id}`);
      },
      // The client has shown the server's message ("another provider has already taken this order"); the list is fetched again.
      () => undefined,
    );
  return (
    <OrderRows
      query={query}
      pageNum={pageNum}
      onPage={setPageNum}
      empty={t('serviceOrders.empty.open')}
      testId="open-orders"
      action={(order) => (
        <Button
          type="primary"
          loading={act.isPending && act.variables.id === order.id}
          onClick={() => void accept(order)}
          data-testid="open-order-accept"
        >
          {t('serviceOrders.actions.accept')}
        </Button>
      )}
    />
  );
}
