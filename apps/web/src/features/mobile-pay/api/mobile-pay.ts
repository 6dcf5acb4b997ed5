import { useMutation, useQuery } from '@tanstack/react-query';
import type { MarketListingDetail, MobilePayAnswer, MobilePayOrder, MobilePayRequest } from '@spatia/contract';
import { api } from '../../../api/client';

/** This feature's own cache keys. */
export const mobilePayKeys = {
  listing: (id: number) => ['mobilePay', 'listing', id] as const,
  order: (orderNo: string) => ['mobilePay', 'order', orderNo] as const,
};

/** GET /market/listings/{id}: what is bought, its price and the providers this site takes. Silent: the page says what went wrong. */
export function getListing(id: number): Promise<MarketListingDetail> {
  return api.get('/market/listings/{id}', { params: { path: { id } }, silent: true });
}

export function useListing(id: number) {
  return useQuery({
    queryKey: mobilePayKeys.listing(id),
    queryFn: () => getListing(id),
    enabled: id > 0,
    retry: false,
    meta: { session: true },
  });
}

/** POST /c/mobilePay/market/{listingId} with one Idempotency-Key per purchase (a second press buys once). */
export function buyOnPhone(listingId: number, request: MobilePayRequest, idempotencyKey: string): Promise<MobilePayAnswer> {
  return api.post('/c/mobilePay/market/{listingId}', {
    params: { path: { listingId }, header: { 'idempotency-key': idempotencyKey } },
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

export function useBuyOnPhone(listingId: number) {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: MobilePayRequest; idempotencyKey: string }) =>
      buyOnPhone(listingId, request, idempotencyKey),
  });
}

/** How often paySuccess asks our server while the order is pending. */
export const ORDER_POLL_MS = 2_000;

/** GET /c/mobilePay/orders/{orderNo}: our server's word on the order (it asks the provider about a pending one). */
export function getMobilePayOrder(orderNo: string): Promise<MobilePayOrder> {
  return api.get('/c/mobilePay/orders/{orderNo}', { params: { path: { orderNo } }, silent: true });
}

/** The order, polled until it is paid or closed. */
export function useMobilePayOrder(orderNo: string, enabled: boolean) {
  return useQuery({
    queryKey: mobilePayKeys.order(orderNo),
    queryFn: () => getMobilePayOrder(orderNo),
    enabled: enabled && orderNo !== '',
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? ORDER_POLL_MS : false),
    refetchIntervalInBackground: true,
    meta: { session: true },
  });
}
