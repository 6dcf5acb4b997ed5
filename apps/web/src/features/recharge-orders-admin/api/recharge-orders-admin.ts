import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminRechargeOrder, Page, PaymentOrderStatus } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../lib/page-params';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export interface RechargeOrdersParams extends PageParams {
  status?: PaymentOrderStatus;
  keyword?: string;
}

/** GET /admin/rechargeOrders: recharge orders with payer and refunds, newest first. */
export function getRechargeOrders(params: RechargeOrdersParams): Promise<Page<AdminRechargeOrder>> {
  return api.get('/admin/rechargeOrders', { params: { query: params } });
}

export function useRechargeOrders(params: RechargeOrdersParams) {
  return useQuery({
    queryKey: queryKeys.rechargeOrdersAdmin.list(params),
    queryFn: () => getRechargeOrders(params),
    placeholderData: keepPreviousData,
    meta: { session: true },
  });
}

export interface RefundRequest {
  id: number;
  amountFen: number;
  reason: string;
  /** One per opening of the dialog: pressing Refund twice refunds once. */
  idempotencyKey: string;
}

/** POST /admin/rechargeOrders/{id}/refunds: the order after the refund (pending while the provider works on it). */
export function refundRechargeOrder({ id, amountFen, reason, idempotencyKey }: RefundRequest): Promise<AdminRechargeOrder> {
  return api.post('/admin/rechargeOrders/{id}/refunds', {
    params: { path: { id }, header: { 'idempotency-key': idempotencyKey } },
    body: { amountFen, reason },
    // The typed parameter only states the header; the transport sends these.
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export const useRefundRechargeOrder = () => useRefreshingMutation(refundRechargeOrder, [queryKeys.rechargeOrdersAdmin.all]);
