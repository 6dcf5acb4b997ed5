import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMarketListing, MarketListingStatus, MarketPurchase, MarketPurchaseStatus, MarketSettings, Page } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../lib/page-params';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

const listingsKey = () => [...queryKeys.admin.market(), 'listings'] as const;
const purchasesKey = () => [...queryKeys.admin.market(), 'purchases'] as const;
const settingsKey = () => [...queryKeys.admin.market(), 'settings'] as const;

/** What a decision on a listing changes beyond the list: the public market (a listing appears or goes). */
const AFTER_DECISION = [listingsKey(), queryKeys.market.all, queryKeys.admin.overview()];

export interface AdminListingsParams extends PageParams {
  status?: MarketListingStatus;
  keyword?: string;
}

/** GET /admin/market/listings: waiting for review first, oldest first. */
export function getAdminListings(params: AdminListingsParams): Promise<Page<AdminMarketListing>> {
  return api.get('/admin/market/listings', { params: { query: params } });
}

export function useAdminListings(params: AdminListingsParams) {
  return useQuery({
    queryKey: [...listingsKey(), params],
    queryFn: () => getAdminListings(params),
    placeholderData: keepPreviousData,
    retry: false,
    // Other admins decide too: the queue stays current while it is open.
    refetchInterval: 30_000,
    meta: { session: true },
  });
}

export const useApproveListing = () =>
  useRefreshingMutation(
    (id: number): Promise<AdminMarketListing> => api.post('/admin/market/listings/{id}/approve', { params: { path: { id } } }),
    AFTER_DECISION,
  );

export interface ListingReason {
  id: number;
  reason: string;
}

export const useRejectListing = () =>
  useRefreshingMutation(
    ({ id, reason }: ListingReason): Promise<AdminMarketListing> =>
      api.post('/admin/market/listings/{id}/reject', { params: { path: { id } }, body: { reason } }),
    AFTER_DECISION,
  );

export const useTakeListingOff = () =>
  useRefreshingMutation(
    ({ id, reason }: ListingReason): Promise<AdminMarketListing> =>
      api.post('/admin/market/listings/{id}/takeOff', { params: { path: { id } }, body: { reason } }),
    AFTER_DECISION,
  );

/** GET/PUT /admin/market/settings: the platform's fee (basis points) and the refund window (days). */
export function useMarketSettings() {
  return useQuery({
    queryKey: settingsKey(),
    queryFn: (): Promise<MarketSettings> => api.get('/admin/market/settings'),
    meta: { session: true },
  });
}

export function useSaveMarketSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketSettings): Promise<MarketSettings> => api.put('/admin/market/settings', { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(), saved),
  });
}

export interface AdminPurchasesParams extends PageParams {
  status?: MarketPurchaseStatus;
  keyword?: string;
}

/** GET /admin/market/purchases: newest first. */
export function getAdminPurchases(params: AdminPurchasesParams): Promise<Page<MarketPurchase>> {
  return api.get('/admin/market/purchases', { params: { query: params } });
}

export function useAdminPurchases(params: AdminPurchasesParams) {
  return useQuery({
    queryKey: [...purchasesKey(), params],
    queryFn: () => getAdminPurchases(params),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { session: true },
  });
}

export interface PurchaseRefund {
  id: number;
  reason: string;
  /** One per opening of the dialog: pressing Refund twice refunds once. */
  idempotencyKey: string;
}

/** POST /admin/market/purchases/{id}/refund: within the refund window; the licence ends (a copy is removed). */
export const useRefundPurchase = () =>
  useRefreshingMutation(
    ({ id, reason, idempotencyKey }: PurchaseRefund): Promise<MarketPurchase> =>
      api.post('/admin/market/purchases/{id}/refund', {
        params: { path: { id }, header: { 'idempotency-key': idempotencyKey } },
        body: { reason },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    [purchasesKey(), queryKeys.admin.overview()],
  );
