import { describe, expect, it } from 'vitest';
import { storeActionOf } from './store-action';

const onSale = { mine: false, purchaseId: null, status: 'onMarket' as const, licence: 'view' as const, work: { uid: 'w1' } };

describe('an item’s bottom bar', () => {
  it('offers Buy, through the sign-in page when signed out', () => {
    expect(storeActionOf(onSale, true)).toEqual({ kind: 'buy' });
    expect(storeActionOf(onSale, false)).toEqual({ kind: 'signIn' });
  });

  it('offers nothing to buy on the seller’s own listing, even when it is off the market', () => {
    expect(storeActionOf({ ...onSale, mine: true }, true)).toEqual({ kind: 'own' });
    expect(storeActionOf({ ...onSale, mine: true, status: 'off' as const }, true)).toEqual({ kind: 'own' });
  });

  it('leads a buyer to what they bought: the work for a view licence, the bought works for a copy', () => {
    expect(storeActionOf({ ...onSale, purchaseId: 3 }, true)).toEqual({ kind: 'owned', workPath: '/details/w1' });
    expect(storeActionOf({ ...onSale, purchaseId: 3, licence: 'copy' as const, status: 'off' as const }, true)).toEqual({
      kind: 'owned',
      workPath: '/model/bought',
    });
  });

  it('says when the item is no longer on sale', () => {
    expect(storeActionOf({ ...onSale, status: 'off' as const }, true)).toEqual({ kind: 'unavailable' });
    expect(storeActionOf({ ...onSale, status: 'pending' as const }, false)).toEqual({ kind: 'unavailable' });
  });
});
