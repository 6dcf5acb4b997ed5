import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxCheckout } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /payments/sandbox/checkout/{orderNo}?sign= (anyone holding the QR code's signature). */
export function getSandboxCheckout(orderNo: string, sign: string): Promise<SandboxCheckout> {
  return api.get('/payments/sandbox/checkout/{orderNo}', { params: { path: { orderNo }, query: { sign } }, silent: true });
}

export function useSandboxCheckout(orderNo: string, sign: string) {
  return useQuery({ queryKey: queryKeys.sandboxCheckout(orderNo), queryFn: () => getSandboxCheckout(orderNo, sign), retry: false });
}

/** POST /payments/sandbox/checkout/{orderNo}/pay?sign=: pays, and the sandbox notifies the server as a provider would. */
export function paySandboxCheckout(orderNo: string, sign: string): Promise<SandboxCheckout> {
  return api.post('/payments/sandbox/checkout/{orderNo}/pay', { params: { path: { orderNo }, query: { sign } } });
}

export function usePaySandboxCheckout(orderNo: string, sign: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => paySandboxCheckout(orderNo, sign),
    onSuccess: (checkout) => queryClient.setQueryData(queryKeys.sandboxCheckout(orderNo), checkout),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.sandboxCheckout(orderNo) }),
  });
}
