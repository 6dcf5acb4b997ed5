import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowRechargeOptions, FlowRechargeOrder, PaymentProvider } from '@spatia/contract';
import { request } from '../../../api/client';

/** Every recharge query starts with this key. */
export const RECHARGE_QUERY_KEY = ['recharge'] as const;
/**
 * What a paid order changes elsewhere: the overview's balance and the bell's notice. Named here, not
 * imported (a feature never imports another).
 */
const AFFECTED_QUERY_KEYS = [['overview'], ['notifications']] as const;
/** How often the page asks about an order while it waits to be paid. */
export const ORDER_POLL_MS = 2000;

/** GET /c/flowRecharge/plans: the price list, the providers this site takes and my balance. */
export function getRechargeOptions(): Promise<FlowRechargeOptions> {
  return request<FlowRechargeOptions>({ url: '/c/flowRecharge/plans' });
}

export function useRechargeOptions() {
  return useQuery(queryOptions({ queryKey: [...RECHARGE_QUERY_KEY, 'options'], queryFn: getRechargeOptions }));
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
  return request<FlowRechargeOrder>({
    url: '/c/flowRecharge/nativePayNow',
    method: 'POST',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useStartRecharge() {
  return useMutation({ mutationFn: startRecharge });
}

/** GET /c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery: the order as the provider last said. */
export function getRechargeOrder(id: number): Promise<FlowRechargeOrder> {
  return request<FlowRechargeOrder>({ url: `/c/flowRechargeOrder/${id}/nativeUnifiedOrderQuery`, silent: true });
}

/** Polls the order every two seconds while it is pending; stops once it is paid or closed. */
export function useRechargeOrder(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...RECHARGE_QUERY_KEY, 'order', id],
    queryFn: async () => {
      const order = await getRechargeOrder(id!);
      if (order.status === 'paid') {
        await Promise.all(
          [[...RECHARGE_QUERY_KEY, 'options'], ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
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
