import {
  INCOME_MAX_DAYS,
  ORDER_DIRECTIONS,
  ORDER_STATUSES,
  ORDER_TYPES_OF,
  daysInRange,
  isCalendarDay,
  orderPageNeedsMerchant,
  type OrderDirection,
  type OrderStatus,
  type OrderType,
} from '@spatia/contract';
import type { OrderFilters } from '../api/get-orders';

/** `/order/consume/flow` → the page's direction and type; null for a path that is no order page. */
export function orderPageOf(pathname: string): { direction: OrderDirection; type: OrderType } | null {
  const match = /^\/order\/(\w+)\/(\w+)\/?$/.exec(pathname);
  if (!match) return null;
  const direction = ORDER_DIRECTIONS.find((candidate) => candidate === match[1]);
  const type = direction ? ORDER_TYPES_OF[direction].find((candidate) => candidate === match[2]) : undefined;
  return direction && type ? { direction, type } : null;
}

/** The kinds of order a person sees on one side: the service-provider purchases only for merchants (spec 2.4). */
export function orderTypesFor(direction: OrderDirection, isMerchant: boolean): OrderType[] {
  return ORDER_TYPES_OF[direction].filter((type) => isMerchant || !orderPageNeedsMerchant(direction, type));
}

/**
 * The filters in the address (`?status=&startTime=&endTime=`), so that a reload or a shared link keeps
 * them. Anything the server would refuse (an unknown status, a day that does not exist, a start after
 * the end) is read as no filter.
 */
export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const status = ORDER_STATUSES.find((candidate) => candidate === params.get('status'));
  const range = readDayRange(params);
  return { ...(status ? { status } : {}), ...range };
}

export function readDayRange(params: URLSearchParams): { startTime?: string; endTime?: string } {
  const startTime = params.get('startTime') ?? '';
  const endTime = params.get('endTime') ?? '';
  if (!isCalendarDay(startTime) || !isCalendarDay(endTime) || startTime > endTime) return {};
  return { startTime, endTime };
}

/** The filters written back into the address: only those that are set. */
export function writeOrderFilters(filters: OrderFilters & { status?: OrderStatus }): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.startTime && filters.endTime) {
    params.set('startTime', filters.startTime);
    params.set('endTime', filters.endTime);
  }
  return params;
}

/** Whether a range of days can be asked of the income statistics (at most 366 days, start not after end). */
export function incomeRangeProblem(startTime: string, endTime: string): 'reversed' | 'tooLong' | null {
  if (startTime > endTime) return 'reversed';
  return daysInRange(startTime, endTime) > INCOME_MAX_DAYS ? 'tooLong' : null;
}
