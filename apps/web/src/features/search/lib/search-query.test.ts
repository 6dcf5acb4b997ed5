import { describe, expect, it } from 'vitest';
import { changeSearchQuery, readSearchQuery, writeSearchQuery } from './search-query';

describe('the search query in the address', () => {
  it('reads what it holds and drops what it holds wrongly', () => {
    expect(readSearchQuery(new URLSearchParams('q=%20湖景%20&kind=people&type=model3d&page=3'))).toEqual({
      keyword: '湖景',
      kind: 'people',
      type: 'model3d',
      page: 3,
    });
    expect(readSearchQuery(new URLSearchParams('kind=songs&type=video&page=-2'))).toEqual({
      keyword: '',
      kind: 'all',
      type: undefined,
      page: 1,
    });
  });

  it('writes only what differs from the default, and a new filter starts from the first page', () => {
    const query = { keyword: '湖景', kind: 'works' as const, type: undefined, page: 4 };
    expect(writeSearchQuery(query).toString()).toBe('q=%E6%B9%96%E6%99%AF&kind=works&page=4');
    expect(changeSearchQuery(query, { type: 'panorama' })).toEqual({ ...query, type: 'panorama', page: 1 });
    expect(changeSearchQuery(query, { page: 2 }).page).toBe(2);
  });
});
