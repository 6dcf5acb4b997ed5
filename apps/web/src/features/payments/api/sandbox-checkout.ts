import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxCheckout } from '@spatia/contract';
import { request } from '../../../api/client';

const checkoutKey = (orderNo: string) => ['sandboxCheckout', orderNo] as const;

/** GET /payments/sandbox/checkout/{orderNo}?sign= (anyone holding the QR code's signature). */
export function getSandboxCheckout(orderNo: string, sign: string): Promise<SandboxCheckout> {
  return request<SandboxCheckout>({ url: `/payments/sandbox/checkout/${orderNo}`, params: { sign }, silent: true });
}

export function useSandboxCheckout(orderNo: string, sign: string) {
  return useQuery({ queryKey: checkoutKey(orderNo), queryFn: () => getSandboxCheckout(orderNo, sign), retry: false });
}

/** POST /payments/sandbox/checkout/{orderNo}/pay?sign=: pays, and the sandbox notifies the server as a provider would. */
export function paySandboxCheckout(orderNo: string, sign: string): Promise<SandboxCheckout> {
  return request<SandboxCheckout>({ url: `/payments/sandbox/checkout/${orderNo}/pay`, method: 'POST', params: { sign } });
}

export function usePaySandboxCheckout(orderNo: string, sign: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => paySandboxCheckout(orderNo, sign),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKey(orderNo), checkout),
    onError: () => queryClient.invalidateQueries({ queryKey: checkoutKey(orderNo) }),
  });
}
