import type { MarketPurchase } from '@spatia/contract';

/** The console's page of the works a person bought. */
export const BOUGHT_WORKS_PATH = '/model/bought';

/** A listing's public page. */
export function marketDetailsPath(id: number | string): string {
  return `/marketDetails/${encodeURIComponent(String(id))}`;
}

/**
 * Where a bought work opens: a copy licence's copy in the buyer's own works (the dashboard's edit drawer), a
 * view licence's work on its public page; nothing once refunded (the licence ended, a copy was removed).
 */
export function boughtWorkPath(purchase: Pick<MarketPurchase, 'licence' | 'copyUid' | 'status' | 'work'>): string | null {
  if (purchase.status !== 'completed') return null;
  if (purchase.licence === 'copy') return purchase.copyUid ? `/dashboard/dashboard?edit=${encodeURIComponent(purchase.copyUid)}` : null;
  return `/details/${encodeURIComponent(purchase.work.uid)}`;
}
