import type { MarketListingStatus, MyMarketListing, WorkSummary } from '@spatia/contract';

/** Each work's latest listing (a work listed again after a rejection has several). */
export function latestListingByWork(listings: readonly MyMarketListing[]): Map<string, MyMarketListing> {
  const latest = new Map<string, MyMarketListing>();
  for (const listing of listings) {
    const known = latest.get(listing.work.uid);
    if (!known || listing.submittedAt > known.submittedAt || (listing.submittedAt === known.submittedAt && listing.id > known.id)) {
      latest.set(listing.work.uid, listing);
    }
  }
  return latest;
}

/**
 * What the work's card and row say of its place on the market: waiting for review, on the market at a price,
 * rejected (with the reviewer's reason), taken off by an admin or by a change of the work (with why); nothing
 * when it was never listed or its seller took it off. The work's own `marketPrice` stands in while the
 * listings are not known.
 */
export type MarketMark =
  | { kind: 'pending'; priceFen: number }
  | { kind: 'onMarket'; priceFen: number }
  | { kind: 'rejected'; reason: string }
  | { kind: 'off'; reason: string; byAdmin: boolean };

export function marketMarkOf(work: Pick<WorkSummary, 'marketPrice'>, listing: MyMarketListing | undefined): MarketMark | null {
  if (!listing) return work.marketPrice === null ? null : { kind: 'onMarket', priceFen: work.marketPrice };
  switch (listing.status) {
    case 'pending':
      return { kind: 'pending', priceFen: listing.priceFen };
    case 'onMarket':
      return { kind: 'onMarket', priceFen: listing.priceFen };
    case 'rejected':
      return { kind: 'rejected', reason: listing.reason };
    case 'off':
      return listing.offReason === 'seller' ? null : { kind: 'off', reason: listing.reason, byAdmin: listing.offReason === 'admin' };
  }
}

/** The market state the works menu reads: a listing waiting or on the market can be taken off, none can be listed again. */
export function marketStateOf(work: Pick<WorkSummary, 'marketPrice'>, listing: MyMarketListing | undefined): MarketListingStatus | null {
  if (listing) return listing.status;
  return work.marketPrice === null ? null : 'onMarket';
}
