import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowRechargeOptions, FlowRechargeOrder, PaymentProvider } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/**
 * What a paid order changes elsewhere: the overview's balance and the bell's notice. Named here, not
 * imported (a feature never imports another).
 */
const AFFECTED_QUERY_KEYS = [queryKeys.overview, queryKeys.notifications.all];
/** How often the page asks about an order while it waits to be paid. */
export const ORDER_POLL_MS = 2000;

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

/** GET /c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery: the order as the provider last said. */
export function getRechargeOrder(id: number): Promise<FlowRechargeOrder> {
  return api.get('/c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery', { params: { path: { id } }, silent: true });
}

/** Polls the order every two seconds while it is pending; stops once it is paid or closed. */
export function useRechargeOrder(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.recharge.order(id),
    queryFn: async () => {
      const order = await getRechargeOrder(id!);
      if (order.status === 'paid') {
        await Promise.all(
          [queryKeys.recharge.options(), ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
      }
      return order;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? ORDER_POLL_MS : false),
    // Polling goes on while the payer looks at their phone.
    refetchIntervalInBackground: true,
  });
}
