import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { FlowRechargeOptions, FlowRechargeOrder, PaymentProvider } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/**
 * What a paid order changes: the plans' balance, the overview's balance and the bell's notice. Named here,
 * not imported (a feature never imports another).
 */
export const PAID_RECHARGE_REFRESHES = [queryKeys.recharge.options(), queryKeys.overview, queryKeys.notifications.all];

/** GET /c/flowRecharge/plans: the price list, the providers this site takes and my balance. */
export function getRechargeOptions(): Promise<FlowRechargeOptions> {
  return api.get('/c/flowRecharge/plans');
}

export function useRechargeOptions() {
  return useQuery(queryOptions({ queryKey: queryKeys.recharge.options(), queryFn: getRechargeOptions }));
}

export interface RechargeRequest {
  months: number;
  fee: number;
  provider: PaymentProvider;
  /** One per press of "pay": a retried request answers the same order. */
  idempotencyKey: string;
}

/** POST /c/flowRecharge/nativePayNow (months, fee in fen): the order and its pay QR code. */
export function startRecharge({ idempotencyKey, ...body }: RechargeRequest): Promise<FlowRechargeOrder> {
  return api.post('/c/flowRecharge/nativePayNow', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useStartRecharge() {
  return useMutation({ mutationFn: startRecharge });
}
