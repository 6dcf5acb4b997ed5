import type { MarketListingDetail, MarketLicence } from '@spatia/contract';
import { BOUGHT_WORKS_PATH, workViewerPath } from './shop-paths';

/**
 * What an item's bottom bar offers (docs/space-shop.md):
 * - `own`: the seller's own listing: nothing to buy;
 * - `owned`: bought already: a way to the work instead;
 * - `unavailable`: no longer on sale;
 * - `signIn`: Buy goes to the sign-in page first, and from there to the checkout;
 * - `buy`: Buy goes to the phone's checkout.
 */
export type StoreAction =
  { kind: 'own' } | { kind: 'owned'; workPath: string } | { kind: 'unavailable' } | { kind: 'signIn' } | { kind: 'buy' };

type ActionSubject = Pick<MarketListingDetail, 'mine' | 'purchaseId' | 'status' | 'licence'> & { work: { uid: string } };

/** Where a bought work opens: a view licence on its public page; a copy licence's copy among the bought works. */
export function boughtWorkPathOf(licence: MarketLicence, workUid: string): string {
  return licence === 'view' ? workViewerPath(workUid) : BOUGHT_WORKS_PATH;
}

export function storeActionOf(listing: ActionSubject, signedIn: boolean): StoreAction {
  if (listing.mine) return { kind: 'own' };
  if (listing.purchaseId !== null) return { kind: 'owned', workPath: boughtWorkPathOf(listing.licence, listing.work.uid) };
  if (listing.status !== 'onMarket') return { kind: 'unavailable' };
  return signedIn ? { kind: 'buy' } : { kind: 'signIn' };
}
