import { describe, expect, it } from 'vitest';
import { changeMarketQuery, DEFAULT_MARKET_QUERY, isNarrowed, priceRangeFen, readMarketQuery, writeMarketQuery } from './market-query';

describe('the market query in the address', () => {
  it('reads what the address holds, Chinese keywords included', () => {
    const query = readMarketQuery(new URLSearchParams('q=%E5%AE%A2%E5%8E%85&type=model3d&min=10&max=99.5&sort=priceAsc&page=3'));
    expect(query).toEqual({ keyword: '客厅', type: 'model3d', minYuan: '10', maxYuan: '99.5', sort: 'priceAsc', page: 3 });
  });

  it('falls back to the default for what is missing or wrong', () => {
    expect(readMarketQuery(new URLSearchParams('type=house&min=abc&max=1.234&sort=cheap&page=-2'))).toEqual(DEFAULT_MARKET_QUERY);
  });

  it('writes only what differs from the default, and reads back the same', () => {
    expect(writeMarketQuery(DEFAULT_MARKET_QUERY).toString()).toBe('');
    const query = {
      ...DEFAULT_MARKET_QUERY,
      keyword: ' 全景 ',
      type: 'panorama' as const,
      maxYuan: '50',
      sort: 'popular' as const,
      page: 2,
    };
    const written = writeMarketQuery(query);
    expect(written.toString()).toBe('q=%E5%85%A8%E6%99%AF&type=panorama&max=50&sort=popular&page=2');
    expect(readMarketQuery(written)).toEqual({ ...query, keyword: '全景' });
  });

  it('starts again at page 1 when what is searched changes, not when the page does', () => {
    const onPage3 = { ...DEFAULT_MARKET_QUERY, page: 3 };
    expect(changeMarketQuery(onPage3, { sort: 'priceDesc' }).page).toBe(1);
    expect(changeMarketQuery(onPage3, { page: 4 }).page).toBe(4);
  });

  it('tells a narrowed market from the whole one', () => {
    expect(isNarrowed(DEFAULT_MARKET_QUERY)).toBe(false);
    expect(isNarrowed({ ...DEFAULT_MARKET_QUERY, sort: 'popular', page: 2 })).toBe(false);
    expect(isNarrowed({ ...DEFAULT_MARKET_QUERY, minYuan: '1' })).toBe(true);
  });

  it('asks in whole fen, the bounds in order', () => {
    expect(priceRangeFen({ minYuan: '10', maxYuan: '99.5' })).toEqual({ minFen: 1000, maxFen: 9950 });
    expect(priceRangeFen({ minYuan: '100', maxYuan: '0.5' })).toEqual({ minFen: 50, maxFen: 10000 });
    expect(priceRangeFen({ minYuan: undefined, maxYuan: '3' })).toEqual({ maxFen: 300 });
  });
});
