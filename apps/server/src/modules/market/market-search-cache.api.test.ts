import { Role, type MarketListingCard, type Page } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithPeople } from '../../test/app-with-people.js';
import { boughtListing, listedWork } from '../../test/market-fixtures.js';
import { authHeaders, dataOf, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { users } from '../users/users.tables.js';

/**
 * The search keeps its totals, and anonymous visitors' pages, in the cache under the market's generation
 * (docs/market.md "Browsing"): every change of a listing shows in the next search at once, for everyone.
 */
let testApp: TestApp;
let admin: Person;
let seller: Person;
let buyer: Person;

beforeAll(async () => {
  ({ testApp, admin, seller, buyer } = await appWithPeople({
    admin: { roles: [Role.admin], name: 'Admin' },
    seller: { name: 'Kept seller' },
    buyer: { name: 'Buyer' },
  }));
});
afterAll(() => testApp.close());

const keyword = encodeURIComponent('缓存湖');
const search = async (as?: Person, query = `q=${keyword}&sort=priceAsc`) =>
  dataOf<Page<MarketListingCard>>(
    await testApp.app.inject({ method: 'GET', url: `/api/market/listings?${query}`, headers: as ? authHeaders(as.token) : {} }),
  );
const list = (name: string, price: string) => listedWork(testApp.app, seller, { admin, name, price });

describe('market search, kept in the cache', () => {
  it('shows a new listing, a change of terms, a sale and a listing taken off in the very next search', async () => {
    const first = await list('缓存湖 一', '5.00');
    expect(await search()).toMatchObject({ total: 1, list: [{ id: first.listing.id, priceFen: 500, sales: 0 }] });
    expect((await search()).total).toBe(1); // answered from the cache

    const second = await list('缓存湖 二', '3.00');
    expect((await search()).list.map((card) => card.id)).toEqual([second.listing.id, first.listing.id]);
    expect((await search(undefined, `q=${keyword}&sort=priceAsc&pageSize=1&pageNum=2`)).total).toBe(2);

    await boughtListing(testApp.app, buyer, second.listing);
    expect((await search()).list[0]).toMatchObject({ id: second.listing.id, sales: 1 });

    // New terms send it back to review: it leaves the market at once.
    expect((await seller.call('PUT', `/api/model/${second.work.uid}/market`, { price: '4.00', licence: 'view' })).statusCode).toBe(200);
    expect(await search()).toMatchObject({ total: 1, list: [{ id: first.listing.id }] });
    await testApp.app.services.marketAdmin.approve({ id: admin.id, roles: [Role.admin] }, second.listing.id);
    expect((await search()).list.map((card) => card.priceFen)).toEqual([400, 500]);

    expect((await seller.call('DELETE', `/api/model/${first.work.uid}/market`)).statusCode).toBe(200);
    expect(await search()).toMatchObject({ total: 1, list: [{ id: second.listing.id }] });
    expect((await search(undefined, `q=${keyword}&sort=newest&minPrice=450`)).total).toBe(0);
  });

  it('answers signed-in callers afresh: a seller sees their new name on their cards at once', async () => {
    const shop = await person(testApp.app, { name: 'Old name' });
    await listedWork(testApp.app, shop, { admin, name: '缓存山 店', price: '2.00' });
    const query = `q=${encodeURIComponent('缓存山')}`;
    expect((await search(undefined, query)).list[0]!.seller.name).toBe('Old name');
    // A name changes in the users module, which the market's generation does not follow.
    await testApp.app.services.database.db.update(users).set({ fullName: 'New name' }).where(eq(users.id, shop.id));
    expect((await search(shop, query)).list[0]!.seller.name).toBe('New name');
    expect((await search(buyer, query)).list[0]!.seller.name).toBe('New name');
    // Anonymous visitors may get the kept page for up to 10 s (docs/market.md).
    expect((await search(undefined, query)).list[0]!.seller.name).toBe('Old name');
  });
});
