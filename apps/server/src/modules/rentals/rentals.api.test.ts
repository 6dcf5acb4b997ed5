import { RENTAL_CONTACTS_PER_HOUR, RentalErrors, Role, type RentalContact, type RentalDetails, type RentalPage } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, json, type TestApp } from '../../test/test-app.js';
import { createWork, person, publishedWork, type Person } from '../../test/works-fixtures.js';
import { users } from '../users/users.tables.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const newPerson = (roles?: Parameters<typeof person>[1]) => person(testApp.app, roles);
const anonymous = (url: string) => testApp.app.inject({ method: 'GET', url });

const input = (overrides: Record<string, unknown> = {}) => ({
  rentFen: 450_000,
  area: 89.456,
  bedrooms: 2,
  livingRooms: 1,
  bathrooms: 1,
  floor: 12,
  totalFloors: 30,
  address: '滨江路 88 号 3 栋',
  district: '滨江区',
  city: '杭州',
  contactName: '王先生',
  contactPhone: '13800000062',
  listed: true,
  ...overrides,
});

const setRental = (owner: Person, uid: string, body: Record<string, unknown>) => owner.call('PUT', `/api/model/${uid}/rental`, body);

async function listedWork(owner: Person, name: string, place: { latitude: number; longitude: number }, overrides = {}) {
  const work = await publishedWork(testApp.app, owner, name);
  const moved = await owner.call('PATCH', `/api/model/${work.uid}/attr`, `latitude=${place.latitude}&longitude=${place.longitude}`);
  expect(moved.statusCode, moved.body).toBe(200);
  const response = await setRental(owner, work.uid, input(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return work;
}

async function search(query = ''): Promise<RentalPage> {
  const response = await anonymous(`/api/open/rentals${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<RentalPage>(response);
}

describe('an owner sets rental details on a panorama work', () => {
  it('saves, reads back and updates them; the area rounded, the texts trimmed', async () => {
    const owner = await newPerson();
    const work = await createWork(owner, { name: '江景两居' });
    expect(dataOf(await owner.call('GET', `/api/model/${work.uid}/rental`))).toBeNull();

    const saved = dataOf<RentalDetails>(await setRental(owner, work.uid, input({ address: '  滨江路 88 号  ' })));
    expect(saved).toMatchObject({
      workUid: work.uid,
      rentFen: 450_000,
      area: 89.46,
      address: '滨江路 88 号',
      listed: true,
      visible: false,
    });
    expect(saved.listedAt).toEqual(expect.any(Number));
    expect(dataOf<RentalDetails>(await owner.call('GET', `/api/model/${work.uid}/rental`))).toEqual(saved);

    const again = dataOf<RentalDetails>(await setRental(owner, work.uid, input({ rentFen: 400_000 })));
    expect(again.rentFen).toBe(400_000);
    expect(again.listedAt).toBe(saved.listedAt);

    const unsaid = dataOf<RentalDetails>(await setRental(owner, work.uid, input({ floor: null, totalFloors: null })));
    expect(unsaid).toMatchObject({ floor: null, totalFloors: null });

    const off = dataOf<RentalDetails>(await setRental(owner, work.uid, input({ listed: false })));
    expect(off).toMatchObject({ listed: false, listedAt: null, visible: false });
  });

  it('refuses bad input with the field named', async () => {
    const owner = await newPerson();
    const work = await createWork(owner);
    for (const bad of [
      { rentFen: 0 },
      { rentFen: 12.5 },
      { area: 0 },
      { bedrooms: -1 },
      { bedrooms: 21 },
      { floor: 0.5 },
      { address: '   ' },
      { address: 'x'.repeat(101) },
      { contactName: '' },
      { contactPhone: '12345' },
      { listed: 'maybe' },
    ]) {
      const response = await setRental(owner, work.uid, input(bad));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json(response).code).toBe(1001);
    }
    const { rentFen: _omitted, ...missing } = input();
    expect((await setRental(owner, work.uid, missing)).statusCode).toBe(400);
  });

  it('refuses works that are not panoramas', async () => {
    const owner = await newPerson();
    const model = await createWork(owner, { type: 'model3d' });
    const response = await setRental(owner, model.uid, input());
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe(RentalErrors.rentalNotPanorama.code);
  });

  it("keeps another user's work out of reach: unseen when offline, forbidden when public", async () => {
    const owner = await newPerson();
    const stranger = await newPerson();
    const hidden = await createWork(owner);
    const shown = await listedWork(owner, '公开房源', { latitude: 30.2, longitude: 120.2 });
    expect((await setRental(stranger, hidden.uid, input())).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/model/${hidden.uid}/rental`)).statusCode).toBe(404);
    expect((await setRental(stranger, shown.uid, input())).statusCode).toBe(403);
    expect((await stranger.call('DELETE', `/api/model/${shown.uid}/rental`)).statusCode).toBe(403);
    expect((await anonymous(`/api/model/${shown.uid}/rental`)).statusCode).toBe(401);

    const admin = await newPerson({ roles: [Role.admin] });
    expect((await admin.call('GET', `/api/model/${shown.uid}/rental`)).statusCode).toBe(200);
  });

  it('removes them, and removing again changes nothing', async () => {
    const owner = await newPerson();
    const work = await listedWork(owner, '要撤下的房源', { latitude: 31.23, longitude: 121.47 });
    expect((await search('keyword=要撤下')).total).toBe(1);
    expect(dataOf(await owner.call('DELETE', `/api/model/${work.uid}/rental`))).toEqual({ removed: true });
    expect(dataOf(await owner.call('DELETE', `/api/model/${work.uid}/rental`))).toEqual({ removed: false });
    expect((await search('keyword=要撤下')).total).toBe(0);
  });
});

describe('the public listing', () => {
  let owner: Person;
  const tag = `r${process.pid}`;

  beforeAll(async () => {
    owner = await newPerson();
    await listedWork(
      owner,
      `${tag} 西湖一居`,
      { latitude: 30.25, longitude: 120.15 },
      { rentFen: 300_000, area: 45, bedrooms: 1, city: '杭州' },
    );
    await listedWork(
      owner,
      `${tag} 陆家嘴三居`,
      { latitude: 31.24, longitude: 121.5 },
      { rentFen: 1_200_000, area: 140, bedrooms: 3, city: '上海', address: '世纪大道 1 号' },
    );
    await listedWork(
      owner,
      `${tag} 国贸两居`,
      { latitude: 39.91, longitude: 116.46 },
      { rentFen: 800_000, area: 80, bedrooms: 2, city: '北京' },
    );
    // Not found by strangers: switched off, offline, in the recycle bin.
    await listedWork(owner, `${tag} 已下架`, { latitude: 30.26, longitude: 120.16 }, { listed: false });
    const offline = await createWork(owner, { name: `${tag} 未发布` });
    expect((await setRental(owner, offline.uid, input())).statusCode).toBe(200);
    const binned = await listedWork(owner, `${tag} 回收站`, { latitude: 30.27, longitude: 120.17 });
    expect((await owner.call('DELETE', `/api/model/${binned.uid}`)).statusCode).toBe(200);
  });

  it('lists only listed, online panoramas, newest first, with the phone masked', async () => {
    const page = await search(`keyword=${tag}`);
    expect(page.list.map((card) => card.title)).toEqual([`${tag} 国贸两居`, `${tag} 陆家嘴三居`, `${tag} 西湖一居`]);
    expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 20 });
    expect(page.list[0]).toMatchObject({ rentFen: 800_000, area: 80, latitude: 39.91, longitude: 116.46, maskedPhone: '138****0062' });
    expect(JSON.stringify(page)).not.toContain('13800000062');
    expect(page.list[0]!.coverUrl).toMatch(/^\/files\//);
  });

  it('filters by rent, area, bedrooms, keyword and the visible map, and sorts', async () => {
    const titles = async (query: string) => (await search(`keyword=${tag}&${query}`)).list.map((card) => card.title.replace(`${tag} `, ''));
    expect(await titles('minRent=500000&maxRent=1000000')).toEqual(['国贸两居']);
    expect(await titles('minArea=50&maxArea=100')).toEqual(['国贸两居']);
    expect(await titles('bedrooms=2')).toEqual(['国贸两居', '陆家嘴三居']);
    expect(await titles('sort=rentAsc')).toEqual(['西湖一居', '国贸两居', '陆家嘴三居']);
    expect(await titles('sort=rentDesc')).toEqual(['陆家嘴三居', '国贸两居', '西湖一居']);
    expect(await titles('sort=areaDesc')).toEqual(['陆家嘴三居', '国贸两居', '西湖一居']);
    // The Yangtze delta: Hangzhou and Shanghai, not Beijing.
    expect(await titles('bbox=119,29,122,32')).toEqual(['陆家嘴三居', '西湖一居']);
    expect(await titles('bbox=-180,-90,180,90&pageSize=2')).toEqual(['国贸两居', '陆家嘴三居']);
    expect((await search(`keyword=${tag}&pageSize=2&pageNum=2`)).list.map((card) => card.title)).toEqual([`${tag} 西湖一居`]);
    // The address and the city are searched too.
    expect((await search('keyword=世纪大道')).list.map((card) => card.title)).toContain(`${tag} 陆家嘴三居`);
    expect((await search(`keyword=${encodeURIComponent('上海')}`)).list.map((card) => card.title)).toContain(`${tag} 陆家嘴三居`);
  });

  it('refuses bad filters', async () => {
    for (const [query, code] of [
      ['minRent=500&maxRent=100', RentalErrors.rentalRangeInverted.code],
      ['minArea=90&maxArea=10', RentalErrors.rentalRangeInverted.code],
      ['bbox=1,2,3', RentalErrors.rentalInvalidBounds.code],
      ['bbox=0,50,10,40', RentalErrors.rentalInvalidBounds.code],
      ['bbox=a,b,c,d', RentalErrors.rentalInvalidBounds.code],
      ['sort=cheapest', 1001],
      ['pageSize=500', 1001],
      ['minRent=-1', 1001],
    ] as const) {
      const response = await anonymous(`/api/open/rentals?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json(response).code, query).toBe(code);
    }
  });

  it("drops a disabled owner's listings", async () => {
    const other = await newPerson();
    await listedWork(other, `${tag}x 停用账号`, { latitude: 22.5, longitude: 114.05 });
    expect((await search(`keyword=${tag}x`)).total).toBe(1);
    await testApp.app.services.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, other.id));
    expect((await search(`keyword=${tag}x`)).total).toBe(0);
  });
});

describe("a listing's contact phone", () => {
  it('is told to signed-in visitors only, a limited number of times an hour', async () => {
    const owner = await newPerson();
    const work = await listedWork(owner, '联系电话测试', { latitude: 30.3, longitude: 120.1 });
    expect((await testApp.app.inject({ method: 'POST', url: `/api/rentals/${work.uid}/contact` })).statusCode).toBe(401);

    const visitor = await newPerson();
    const contact = dataOf<RentalContact>(await visitor.call('POST', `/api/rentals/${work.uid}/contact`));
    expect(contact).toEqual({ workUid: work.uid, contactName: '王先生', contactPhone: '13800000062' });
    for (let index = 1; index < RENTAL_CONTACTS_PER_HOUR; index += 1) {
      expect((await visitor.call('POST', `/api/rentals/${work.uid}/contact`)).statusCode).toBe(200);
    }
    const refused = await visitor.call('POST', `/api/rentals/${work.uid}/contact`);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe(RentalErrors.rentalContactTooOften.code);

    const unlisted = await createWork(owner);
    await setRental(owner, unlisted.uid, input());
    const hidden = await (await newPerson()).call('POST', `/api/rentals/${unlisted.uid}/contact`);
    expect(hidden.statusCode).toBe(404);
    expect(json(hidden).code).toBe(RentalErrors.rentalNotFound.code);
  });
});
