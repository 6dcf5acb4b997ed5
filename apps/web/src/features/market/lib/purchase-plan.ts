import type { MarketListingDetail, MarketPaymentMethod, PaymentProvider } from '@spatia/contract';

/**
 * What the listing's page offers the person looking at it:
 * - `own`: their own listing, nothing to buy;
 * - `owned`: bought already, a way to it instead;
 * - `signedOut`: Buy asks them to sign in first;
 * - `unavailable`: no longer on the market;
 * - `buy`: a purchase, paid from the balance when it covers the price (`method: 'balance'`), else the
 *   balance and a QR code of `provider` for the rest; `blocked` when the balance lacks and no provider can pay.
 */
export type PurchasePlan =
  | { kind: 'own' }
  | { kind: 'owned'; purchaseId: number }
  | { kind: 'signedOut' }
  | { kind: 'unavailable' }
  | {
      kind: 'buy';
      method: MarketPaymentMethod | null;
      priceFen: number;
      balanceFen: number;
      /** What the balance pays. */
      fromBalanceFen: number;
      /** What a QR code pays (0 when the balance covers it). */
      restFen: number;
    };

type PlanSubject = Pick<MarketListingDetail, 'mine' | 'purchaseId' | 'status' | 'priceFen' | 'balanceFen' | 'providers'>;

export function purchasePlanOf(listing: PlanSubject, signedIn: boolean, provider?: PaymentProvider): PurchasePlan {
  if (listing.mine) return { kind: 'own' };
  if (listing.purchaseId !== null) return { kind: 'owned', purchaseId: listing.purchaseId };
  if (listing.status !== 'onMarket') return { kind: 'unavailable' };
  if (!signedIn) return { kind: 'signedOut' };
  const { priceFen } = listing;
  const balanceFen = Math.max(0, listing.balanceFen);
  if (balanceFen >= priceFen) return { kind: 'buy', method: 'balance', priceFen, balanceFen, fromBalanceFen: priceFen, restFen: 0 };
  const chosen = provider && listing.providers.includes(provider) ? provider : (listing.providers[0] ?? null);
  return { kind: 'buy', method: chosen, priceFen, balanceFen, fromBalanceFen: balanceFen, restFen: priceFen - balanceFen };
}
