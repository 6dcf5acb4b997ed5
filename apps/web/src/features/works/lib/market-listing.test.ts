import type { MyMarketListing } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { latestListingByWork, marketMarkOf, marketStateOf } from './market-listing';

const listing = (extra: Partial<MyMarketListing> = {}): MyMarketListing => ({
  id: 1,
  work: { uid: 'w1', name: 'Loft', type: 'model3d', coverUrl: '' },
  priceFen: 1250,
  licence: 'view',
  status: 'pending',
  reason: '',
  offReason: null,
  sales: 0,
  submittedAt: 1000,
  decidedAt: null,
  listedAt: null,
  ...extra,
});

describe("a work's place on the market", () => {
  it('keeps the latest listing of each work', () => {
    const byWork = latestListingByWork([
      listing({ id: 1, status: 'rejected', submittedAt: 1000 }),
      listing({ id: 2, status: 'pending', submittedAt: 2000 }),
      listing({ id: 3, work: { uid: 'w2', name: 'Hall', type: 'panorama', coverUrl: '' } }),
    ]);
    expect(byWork.get('w1')?.id).toBe(2);
    expect(byWork.get('w2')?.id).toBe(3);
  });

  it('marks pending, on the market, rejected with the reason, and taken off by someone else', () => {
    expect(marketMarkOf({ marketPrice: null }, listing())).toEqual({ kind: 'pending', priceFen: 1250 });
    expect(marketMarkOf({ marketPrice: 1250 }, listing({ status: 'onMarket' }))).toEqual({ kind: 'onMarket', priceFen: 1250 });
    expect(marketMarkOf({ marketPrice: null }, listing({ status: 'rejected', reason: 'Blurry cover' }))).toEqual({
      kind: 'rejected',
      reason: 'Blurry cover',
    });
    expect(marketMarkOf({ marketPrice: null }, listing({ status: 'off', offReason: 'admin', reason: 'Copyright' }))).toEqual({
      kind: 'off',
      reason: 'Copyright',
      byAdmin: true,
    });
  });

  it('marks nothing for a work never listed or taken off by its seller', () => {
    expect(marketMarkOf({ marketPrice: null }, undefined)).toBeNull();
    expect(marketMarkOf({ marketPrice: null }, listing({ status: 'off', offReason: 'seller' }))).toBeNull();
  });

  it('falls back on the price of the work while its listings are unknown', () => {
    expect(marketMarkOf({ marketPrice: 990 }, undefined)).toEqual({ kind: 'onMarket', priceFen: 990 });
    expect(marketStateOf({ marketPrice: 990 }, undefined)).toBe('onMarket');
    expect(marketStateOf({ marketPrice: null }, listing({ status: 'rejected' }))).toBe('rejected');
  });
});
