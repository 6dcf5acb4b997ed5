import { describe, expect, it } from 'vitest';
import { purchasePlanOf } from './purchase-plan';

const listing = {
  mine: false,
  purchaseId: null,
  status: 'onMarket' as const,
  priceFen: 5000,
  balanceFen: 1200,
  providers: ['sandbox' as const],
};

describe('what the listing page offers', () => {
  it("offers nothing to buy on the seller's own listing, and a way to a bought one", () => {
    expect(purchasePlanOf({ ...listing, mine: true }, true)).toEqual({ kind: 'own' });
    expect(purchasePlanOf({ ...listing, purchaseId: 7 }, true)).toEqual({ kind: 'owned', purchaseId: 7 });
  });

  it('says a listing off the market cannot be bought, and asks a visitor to sign in', () => {
    expect(purchasePlanOf({ ...listing, status: 'off' }, true)).toEqual({ kind: 'unavailable' });
    expect(purchasePlanOf(listing, false)).toEqual({ kind: 'signedOut' });
  });

  it('pays from the balance when it covers the price', () => {
    expect(purchasePlanOf({ ...listing, balanceFen: 5000 }, true)).toEqual({
      kind: 'buy',
      method: 'balance',
      priceFen: 5000,
      balanceFen: 5000,
      fromBalanceFen: 5000,
      restFen: 0,
    });
  });

  it('pays the rest by QR code when the balance is short', () => {
    expect(purchasePlanOf(listing, true)).toMatchObject({ method: 'sandbox', fromBalanceFen: 1200, restFen: 3800 });
    expect(purchasePlanOf({ ...listing, providers: ['wechat', 'alipay'] }, true, 'alipay')).toMatchObject({ method: 'alipay' });
  });

  it('has no way to pay when the balance is short and no provider takes payments', () => {
    expect(purchasePlanOf({ ...listing, providers: [], balanceFen: -30 }, true)).toMatchObject({
      method: null,
      fromBalanceFen: 0,
      restFen: 5000,
    });
  });
});
