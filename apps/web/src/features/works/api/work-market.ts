import { useQuery } from '@tanstack/react-query';
import { fenToYuan, type MarketLicence, type MyMarketListing, type Page } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useWorksMutation } from '../../../api/work-keys';
import { latestListingByWork } from '../lib/market-listing';

export interface MarketListingInput {
  uid: string;
  priceFen: number;
  licence: MarketLicence;
}

/** PUT /model/{uid}/market price=<yuan>&licence=: a listing of a published, reviewed work, waiting for an admin's review. */
export function putWorkOnMarket({ uid, priceFen, licence }: MarketListingInput): Promise<MyMarketListing> {
  return api.put('/model/{uid}/market', { params: { path: { uid } }, body: { price: fenToYuan(priceFen), licence }, form: true });
}

/** DELETE /model/{uid}/market: off the market, or out of review; null when the work had no listing. */
export function takeWorkOffMarket(uid: string): Promise<MyMarketListing | null> {
  return api.delete('/model/{uid}/market', { params: { path: { uid } } });
}

export function usePutWorkOnMarket() {
  return useWorksMutation(putWorkOnMarket);
}

export function useTakeWorkOffMarket() {
  return useWorksMutation(takeWorkOffMarket);
}

/** The most listings one page of GET /market/myListings holds: the works manager asks for them all at once. */
const LISTINGS_PAGE_SIZE = 100;

/** GET /market/myListings: the owner's listings, every status. */
export function getMyListings(): Promise<Page<MyMarketListing>> {
  return api.get('/market/myListings', { params: { query: { pageNum: 1, pageSize: LISTINGS_PAGE_SIZE } }, silent: true });
}

/**
 * The latest listing of one of the owner's works (pending review, on the market, rejected with the reason,
 * off), or undefined. One query for the whole page; a failure only leaves the marks out.
 */
export function useWorkListing(uid: string): MyMarketListing | undefined {
  return useQuery({
    queryKey: queryKeys.works.marketListings(),
    queryFn: getMyListings,
    select: (page) => latestListingByWork(page.list).get(uid),
    retry: false,
    staleTime: 30_000,
    meta: { session: true },
  }).data;
}
