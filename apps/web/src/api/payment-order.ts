import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FlowRechargeOrder } from '@spatia/contract';
import { api } from './client';
import { queryKeys } from './query-keys';

/** How often a checkout asks about its order while it waits to be paid. */
export const ORDER_POLL_MS = 2000;

/** GET /c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery: a payment order (a recharge's or a membership's) as the provider last said. */
export function getPaymentOrder(id: number): Promise<FlowRechargeOrder> {
  return api.get('/c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery', { params: { path: { id } }, silent: true });
}

/**
 * Polls a payment order every two seconds while it is pending; stops once it is paid or closed. Once paid,
 * the queries under `refreshes` (what the payment changed: a balance, a membership, the bell) are fetched again.
 */
export function usePaymentOrder(id: number | null, refreshes: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.paymentOrder(id),
    queryFn: async () => {
      const order = await getPaymentOrder(id!);
      if (order.status === 'paid') {
        await Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      }
      return order;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? ORDER_POLL_MS : false),
    // Polling goes on while the payer looks at their phone.
    refetchIntervalInBackground: true,
  });
}
