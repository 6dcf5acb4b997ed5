import { describe, expect, it } from 'vitest';
import { idOf, shopPayPath, spaceDetailPath, spaceShopPath, storeDetailPath, workViewerPath } from './shop-paths';

describe('shop paths', () => {
  it('name the shop, the item and its checkout with their queries', () => {
    expect(spaceShopPath(12)).toBe('/space/shop?id=12');
    expect(storeDetailPath(7, 12)).toBe('/mobile/storeDetail?listingId=7&spaceId=12');
    expect(storeDetailPath(7)).toBe('/mobile/storeDetail?listingId=7');
    expect(shopPayPath(7, 12)).toBe('/space/shop-pay?listingId=7&spaceId=12');
    expect(shopPayPath(7, null)).toBe('/space/shop-pay?listingId=7');
    expect(spaceDetailPath('a b')).toBe('/spaceDetail?uid=a%20b');
    expect(workViewerPath('w1')).toBe('/details/w1');
  });

  it('read only plain positive whole numbers as ids', () => {
    expect(idOf('12')).toBe(12);
    expect(idOf('9007199254740991')).toBe(9007199254740991);
    for (const bad of [null, undefined, '', '0', '-3', '1.5', '1e3', ' 12', '012', 'abc', '99999999999999999']) {
      expect(idOf(bad)).toBeNull();
    }
  });
});
