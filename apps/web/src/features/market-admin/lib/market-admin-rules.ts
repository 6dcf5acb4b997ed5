import type { MarketPurchase } from '@spatia/contract';

/** The fee is stored in basis points (1/10000 of the price) and edited as a percentage with two decimals. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** What the seller earns of a price at a fee, as the server rounds it (the fee rounded down to whole fen). */
export function sellerShareFen(priceFen: number, basisPoints: number): number {
  return priceFen - Math.floor((priceFen * basisPoints) / 10_000);
}

/** Why a purchase cannot be refunded from the list, or null when it can: already refunded, or past its window. */
export function refundBlockOf(
  purchase: Pick<MarketPurchase, 'status' | 'refundableUntil'>,
  now: number,
): 'refunded' | 'windowPassed' | null {
  if (purchase.status === 'refunded') return 'refunded';
  if (now > purchase.refundableUntil) return 'windowPassed';
  return null;
}
