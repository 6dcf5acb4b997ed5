import { describe, expect, it } from 'vitest';
import { changeRentalQuery, DEFAULT_RENTAL_QUERY, readRentalQuery, writeRentalQuery } from './rental-query';

describe('the rental query in the address', () => {
  it('reads back what it wrote', () => {
    const query = {
      ...DEFAULT_RENTAL_QUERY,
      keyword: '滨江',
      minRentYuan: 2000,
      maxRentYuan: 6000,
      minArea: 40.5,
      bedrooms: 2,
      sort: 'rentAsc' as const,
      page: 3,
      bbox: [119.1, 29.8, 121.2, 31] as const,
      view: 'map' as const,
    };
    expect(readRentalQuery(writeRentalQuery(query))).toEqual(query);
    expect(writeRentalQuery(DEFAULT_RENTAL_QUERY).toString()).toBe('');
  });

  it('drops what it cannot read rather than guessing', () => {
    const query = readRentalQuery(new URLSearchParams('min=-5&max=abc&beds=2.5&sort=cheap&page=0&bbox=1,2,3&view=globe'));
    expect(query).toEqual(DEFAULT_RENTAL_QUERY);
  });

  it('starts again at page one when the search changes, not when the view does', () => {
    const onPage2 = { ...DEFAULT_RENTAL_QUERY, page: 2 };
    expect(changeRentalQuery(onPage2, { bedrooms: 1 }).page).toBe(1);
    expect(changeRentalQuery(onPage2, { view: 'map' }).page).toBe(2);
  });
});
