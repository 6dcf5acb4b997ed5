/** The shop's addresses (spec 2.5, docs/space-shop.md). */

/** A space's shop: `/space/shop?id=<the space's numeric id>`. */
export function spaceShopPath(spaceId: number): string {
  return `/space/shop?id=${spaceId}`;
}

/** One item of a shop on a phone; `spaceId` says which shop it was opened from (the way back, and the payment's). */
export function storeDetailPath(listingId: number, spaceId?: number | null): string {
  const query = new URLSearchParams({ listingId: String(listingId) });
  if (spaceId) query.set('spaceId', String(spaceId));
  return `/mobile/storeDetail?${query.toString()}`;
}

/** The phone's checkout of one item (docs/mobile-pay.md). */
export function shopPayPath(listingId: number, spaceId?: number | null): string {
  const query = new URLSearchParams({ listingId: String(listingId) });
  if (spaceId) query.set('spaceId', String(spaceId));
  return `/space/shop-pay?${query.toString()}`;
}

/** A space's own page. */
export function spaceDetailPath(uid: string): string {
  return `/spaceDetail?uid=${encodeURIComponent(uid)}`;
}

/** A work's public page, with its viewer (a panorama's VR tour). */
export function workViewerPath(uid: string): string {
  return `/details/${encodeURIComponent(uid)}`;
}

/** Booking a shoot (spec 2.2). */
export const BOOK_SHOOT_PATH = '/addOrder';

/** The console's page of bought works, where a copy licence's copy opens. */
export const BOUGHT_WORKS_PATH = '/model/bought';

/**
 * An id of the address (`?id=12`, `?listingId=7`): a positive whole number written plainly, else null (a bad link,
 * which shows the not-found page rather than asking the server).
 */
export function idOf(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
