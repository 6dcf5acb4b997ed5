import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  MarketListingDetail,
  MobilePayAnswer,
  MobilePayOrder,
  MobilePayRequest,
  WechatPayer,
  WechatPayerAuthorization,
  WechatPayerCompletion,
} from '@spatia/contract';
import { api } from '../../../api/client';

/** This feature's own cache keys. */
export const mobilePayKeys = {
  listing: (id: number) => ['mobilePay', 'listing', id] as const,
  order: (orderNo: string) => ['mobilePay', 'order', orderNo] as const,
  wechatPayer: ['mobilePay', 'wechatPayer'] as const,
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

/** GET /c/mobilePay/wechat/payer: whether JSAPI is offered, and whether WeChat told the server the payer's openid. */
export function getWechatPayer(): Promise<WechatPayer> {
  return api.get('/c/mobilePay/wechat/payer', { silent: true });
}

export function useWechatPayer(enabled: boolean) {
  return useQuery({
    queryKey: mobilePayKeys.wechatPayer,
    queryFn: getWechatPayer,
    enabled,
    retry: false,
    meta: { session: true },
  });
}

/** POST /c/mobilePay/wechat/authorization: WeChat's authorize page, which comes back to `returnPath` with a code. */
export function startWechatAuthorization(returnPath: string): Promise<WechatPayerAuthorization> {
  return api.post('/c/mobilePay/wechat/authorization', { body: { returnPath }, silent: true });
}

/** POST /c/mobilePay/wechat/authorization/complete: the server trades WeChat's code for the openid and keeps it. */
export function completeWechatAuthorization(completion: WechatPayerCompletion): Promise<WechatPayer> {
  return api.post('/c/mobilePay/wechat/authorization/complete', { body: completion, silent: true });
}
