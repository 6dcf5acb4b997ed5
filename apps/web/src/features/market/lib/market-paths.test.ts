import { describe, expect, it } from 'vitest';
import { boughtWorkPath, marketDetailsPath } from './market-paths';

const work = { uid: 'w 1', name: 'Loft', type: 'model3d' as const, coverUrl: '' };

describe('market paths', () => {
  it("names a listing's page", () => {
    expect(marketDetailsPath(12)).toBe('/marketDetails/12');
  });

  it('opens a view licence on the public page and a copy licence in the buyer’s works', () => {
    expect(boughtWorkPath({ licence: 'view', copyUid: null, status: 'completed', work })).toBe('/details/w%201');
    expect(boughtWorkPath({ licence: 'copy', copyUid: 'c9', status: 'completed', work })).toBe('/dashboard/dashboard?edit=c9');
  });

  it('opens nothing once refunded', () => {
    expect(boughtWorkPath({ licence: 'view', copyUid: null, status: 'refunded', work })).toBeNull();
    expect(boughtWorkPath({ licence: 'copy', copyUid: null, status: 'refunded', work })).toBeNull();
  });
});
