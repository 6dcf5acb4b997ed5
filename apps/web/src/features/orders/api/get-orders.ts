import { useQuery } from '@tanstack/react-query';
import type { OrderDirection, OrderPage, OrderStatus, OrderType } from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import { queryKeys } from '../../../api/query-keys';

export interface OrderFilters {
  /** Every status when left out. */
  status?: OrderStatus;
  /** `YYYY-MM-DD`, both days included; an open end when left out. */
  startTime?: string;
  endTime?: string;
}

export interface OrderListParams extends OrderFilters, PageParams {
  direction: OrderDirection;
  type: OrderType;
}

/** GET /c/orders: one page of the caller's orders of a kind, newest first, with the totals of all that match. */
export function getOrders(params: OrderListParams): Promise<OrderPage> {
  return api.get('/c/orders', { params: { query: params } });
}

export function ordersQueryOptions(params: OrderListParams) {
  return pageQueryOptions(queryKeys.orders, getOrders, params);
}

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
