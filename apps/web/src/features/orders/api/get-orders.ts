import { useQuery } from '@tanstack/react-query';
import type { OrderDirection, OrderPage, OrderStatus, OrderType } from '@spatia/contract';
import { request } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';

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

export const ORDERS_QUERY_KEY = ['orders'] as const;

/** GET /c/orders: one page of the caller's orders of a kind, newest first, with the totals of all that match. */
export function getOrders(params: OrderListParams): Promise<OrderPage> {
  return request<OrderPage>({ url: '/c/orders', params });
}

export function ordersQueryOptions(params: OrderListParams) {
  return pageQueryOptions(ORDERS_QUERY_KEY, getOrders, params);
}

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
