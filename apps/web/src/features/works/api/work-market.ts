import { useQuery } from '@tanstack/react-query';
import { fenToYuan, WORK_PAGE_SIZE_MAX, type MarketLicence, type MyMarketListing, type Page } from '@spatia/contract';
import { createContext, useContext } from 'react';
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

/** The uids of the works the manager shows now: their listings are read in one request (`WorkUidsInView.Provider`). */
export const WorkUidsInView = createContext<readonly string[]>([]);

/** GET /market/myListings?workUids=: the owner's listings of these works (at most a page of works), every status. */
export function getMyListings(uids: readonly string[]): Promise<Page<MyMarketListing>> {
  return api.get('/market/myListings', {
    params: { query: { pageNum: 1, pageSize: WORK_PAGE_SIZE_MAX, workUids: uids.join(',') } },
    silent: true,
  });
}

/**
 * The latest listing of one of the owner's works (pending review, on the market, rejected with the reason,
 * off), or undefined. One query for the works in view (any number of listings elsewhere); a work outside
 * them (a dialog opened elsewhere) asks for its own. A failure only leaves the marks out.
 */
export function useWorkListing(uid: string): MyMarketListing | undefined {
  const inView = useContext(WorkUidsInView);
  const uids = inView.includes(uid) ? inView : uid ? [uid] : [];
  return useQuery({
    queryKey: [...queryKeys.works.marketListings(), uids],
    queryFn: () => getMyListings(uids),
    select: (page) => latestListingByWork(page.list).get(uid),
    enabled: uids.length > 0,
    retry: false,
    staleTime: 30_000,
    meta: { session: true },
  }).data;
}
