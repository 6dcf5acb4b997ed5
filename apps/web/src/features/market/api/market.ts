import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarketListingDetail,
  MarketListingPage,
  MarketPaymentMethod,
  MarketPurchase,
  MarketPurchaseAnswer,
  Page,
} from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import { queryKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../lib/page-params';
import { useSession } from '../../../stores/session-store';
import { type MarketQuery, priceRangeFen } from '../lib/market-query';

export const MARKET_PAGE_SIZE = 12;

/** GET /market/listings: listings on the market, searched (Chinese too), filtered and sorted as the address says. */
export function searchMarket(query: MarketQuery): Promise<MarketListingPage> {
  const { minFen, maxFen } = priceRangeFen(query);
  return api.get('/market/listings', {
    params: {
      query: {
        ...(query.keyword ? { q: query.keyword } : {}),
        ...(query.type ? { type: query.type } : {}),
        ...(minFen !== undefined ? { minPrice: minFen } : {}),
        ...(maxFen !== undefined ? { maxPrice: maxFen } : {}),
        sort: query.sort,
        pageNum: query.page,
        pageSize: MARKET_PAGE_SIZE,
      },
    },
  });
}

export function useMarketSearch(query: MarketQuery) {
  const { i18n } = useTranslation();
  return useQuery({
    // The sellers' badges are named in the reader's language.
    queryKey: queryKeys.market.search(query, i18n.language),
    queryFn: () => searchMarket(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /market/listings/{id}: the listing, its work with the viewer's files, and the caller's standing (bought, own, balance). */
export function getListing(id: number): Promise<MarketListingDetail> {
  return api.get('/market/listings/{id}', { params: { path: { id } }, silent: true });
}

export function useListing(id: number, language: string) {
  const uid = useSession((session) => session.uid);
  return useQuery({
    queryKey: queryKeys.market.listing(id, language, uid),
    queryFn: () => getListing(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
    meta: { session: true },
  });
}

export interface PurchaseRequest {
  id: number;
  method: MarketPaymentMethod;
  /** One per purchase (src/lib/purchase-key.ts): a second press or a lost answer buys once. */
  idempotencyKey: string;
}

/** POST /market/listings/{id}/purchase: paid from the balance, or a QR order for what the balance lacks. */
export function purchaseListing({ id, method, idempotencyKey }: PurchaseRequest): Promise<MarketPurchaseAnswer> {
  return api.post('/market/listings/{id}/purchase', {
    params: { path: { id }, header: { 'idempotency-key': idempotencyKey } },
    body: { method },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** What a purchase changes: the listing (bought now), the buyer's balance, their bought works, their orders and works (a copy). */
export const PURCHASE_QUERY_KEYS = [
  queryKeys.market.all,
  queryKeys.overview,
  queryKeys.orders,
  queryKeys.works.all,
  queryKeys.notifications.all,
];

export function usePurchaseListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseListing,
    onSuccess: (answer) => {
      // Paid by QR code: nothing changed yet; the checkout refreshes once the order is paid.
      if (answer.purchase) return Promise.all(PURCHASE_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** GET /market/purchases: the caller's bought works, newest first (refunded ones too). */
export function getMyPurchases(params: PageParams): Promise<Page<MarketPurchase>> {
  return api.get('/market/purchases', { params: { query: params } });
}

export function useMyPurchases(params: PageParams) {
  return useQuery(pageQueryOptions(queryKeys.market.purchases(), getMyPurchases, params));
}
