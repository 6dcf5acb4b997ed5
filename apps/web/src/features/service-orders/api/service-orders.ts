import { useQuery } from '@tanstack/react-query';
import type {
  ServiceDeliverRequest,
  ServiceEstimateAnswer,
  ServiceEstimateRequest,
  ServiceOrderDetail,
  ServiceOrderOptions,
  ServiceOrderPage,
  ServiceOrderPlaceRequest,
  ServiceOrderSide,
  ServiceOrderStatus,
  ServicePaymentAnswer,
  ServicePaymentRequest,
  ServiceDeliverableWork,
} from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import { queryKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../lib/page-params';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/**
 * What a change to an order makes stale: the orders (lists, the order, the open ones), the balance, the
 * order pages of spec 2.4 and the bell. Named here, not imported (a feature never imports another).
 */
export const SERVICE_ORDER_REFRESHES = [queryKeys.serviceOrders.all, queryKeys.overview, queryKeys.orders, queryKeys.notifications.all];

/** GET /serviceOrder/options (public): the enabled price rules and the payment providers. */
export function getServiceOrderOptions(): Promise<ServiceOrderOptions> {
  return api.get('/serviceOrder/options');
}

export function useServiceOrderOptions() {
  return useQuery({ queryKey: queryKeys.serviceOrders.options(), queryFn: getServiceOrderOptions, staleTime: 60_000 });
}

/** POST /serviceOrder/estimate (public): the server's price and whether a coupon applies (silent: the form shows why not). */
export function estimateServiceOrder(body: ServiceEstimateRequest): Promise<ServiceEstimateAnswer> {
  return api.post('/serviceOrder/estimate', { body, silent: true });
}

/** POST /c/serviceOrder: places the order (an Idempotency-Key per form submission, so a retried press places one). */
export function placeServiceOrder({
  idempotencyKey,
  ...body
}: ServiceOrderPlaceRequest & { idempotencyKey: string }): Promise<ServiceOrderDetail> {
  return api.post('/c/serviceOrder', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePlaceServiceOrder() {
  return useRefreshingMutation(placeServiceOrder, SERVICE_ORDER_REFRESHES);
}

export function getServiceOrder(id: number): Promise<ServiceOrderDetail> {
  return api.get('/c/serviceOrder/{id}', { params: { path: { id } } });
}

export function useServiceOrder(id: number) {
  return useQuery({
    queryKey: queryKeys.serviceOrders.detail(id),
    queryFn: () => getServiceOrder(id),
    retry: false,
    meta: { session: true },
  });
}

export interface MyServiceOrdersParams extends PageParams {
  as: ServiceOrderSide;
  status?: ServiceOrderStatus;
}

export function getMyServiceOrders(params: MyServiceOrdersParams): Promise<ServiceOrderPage> {
  return api.get('/c/serviceOrders', { params: { query: params } });
}

export function useMyServiceOrders(params: MyServiceOrdersParams) {
  return useQuery(pageQueryOptions(queryKeys.serviceOrders.lists(), getMyServiceOrders, params));
}

/** GET /c/serviceOrders/open: paid orders in my provinces that nobody took yet (signed providers). */
export function getOpenServiceOrders(params: PageParams): Promise<ServiceOrderPage> {
  return api.get('/c/serviceOrders/open', { params: { query: params } });
}

export function useOpenServiceOrders(params: PageParams, enabled: boolean) {
  return useQuery({ ...pageQueryOptions(queryKeys.serviceOrders.open(), getOpenServiceOrders, params), enabled });
}

export function payServiceOrder({
  id,
  idempotencyKey,
  ...body
}: ServicePaymentRequest & { id: number; idempotencyKey: string }): Promise<ServicePaymentAnswer> {
  return api.post('/c/serviceOrder/{id}/pay', { params: { path: { id } }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePayServiceOrder() {
  return useRefreshingMutation(payServiceOrder, SERVICE_ORDER_REFRESHES);
}

export function useServiceOrderAction() {
  return useRefreshingMutation(
    ({
      id,
      action,
      reason,
    }: {
      id: number;
      action: 'cancel' | 'confirm' | 'accept' | 'shot';
      reason?: string;
    }): Promise<ServiceOrderDetail> => {
      const path = { params: { path: { id } } };
      switch (action) {
        case 'cancel':
          return api.post('/c/serviceOrder/{id}/cancel', { ...path, body: { reason } });
        case 'confirm':
          return api.post('/c/serviceOrder/{id}/confirm', path);
        case 'accept':
          return api.post('/c/serviceOrder/{id}/accept', path);
        case 'shot':
          return api.post('/c/serviceOrder/{id}/shot', path);
      }
    },
    SERVICE_ORDER_REFRESHES,
  );
}

export function getDeliverableWorks(id: number): Promise<ServiceDeliverableWork[]> {
  return api.get('/c/serviceOrder/{id}/deliverableWorks', { params: { path: { id } } });
}

export function useDeliverableWorks(id: number, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.serviceOrders.deliverable(id), queryFn: () => getDeliverableWorks(id), enabled, retry: false });
}

export function useDeliverServiceOrder() {
  return useRefreshingMutation(
    ({ id, ...body }: ServiceDeliverRequest & { id: number }): Promise<ServiceOrderDetail> =>
      api.post('/c/serviceOrder/{id}/deliver', { params: { path: { id } }, body }),
    [...SERVICE_ORDER_REFRESHES, queryKeys.transfers.all, queryKeys.works.all],
  );
}
