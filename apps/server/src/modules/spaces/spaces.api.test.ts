import {
  Role,
  SPACE_TEMPLATE_CODES,
  SPACE_WORKS_MAX,
  SPACES_PER_OWNER_MAX,
  SpaceErrors,
  type HousePage,
  type SpaceCard,
  type SpacePerson,
  type SpaceShop,
  type SpaceTemplate,
  type SpaceView,
} from '@spatia/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedWork } from '../../test/market-fixtures.js';
import { createTestApp, dataOf, json, type TestApp } from '../../test/test-app.js';
import { postFile } from '../../test/multipart.js';
import { createWork, person, publishedWork, samplePng, type Person } from '../../test/works-fixtures.js';
import { hashAccessCode } from './spaces.service.js';
import { spaces } from './spaces.tables.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const newPerson = (options?: Parameters<typeof person>[1]) => person(testApp.app, options);
const anonymous = (url: string, ip?: string) => testApp.app.inject({ method: 'GET', url, ...(ip ? { remoteAddress: ip } : {}) });

const input = (overrides: Record<string, unknown> = {}) => ({ kind: 'personal', name: '我的小屋', visibility: 'public', ...overrides });

async function createSpace(owner: Person, overrides: Record<string, unknown> = {}): Promise<SpaceView> {
  const response = await owner.call('POST', '/api/c/space', input(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<SpaceView>(response);
}

function expectError(response: LightMyRequestResponse, name: Exclude<keyof typeof SpaceErrors, symbol>): void {
  const error = SpaceErrors[name];
  expect(response.statusCode, response.body).toBe(error.status);
  expect(json(response).code).toBe(error.code);
}

describe('templates', () => {
  it('answers the six looks to anyone', async () => {
    const templates = dataOf<SpaceTemplate[]>(await anonymous('/api/space/templates'));
    expect(templates.map((template) => template.code)).toEqual([...SPACE_TEMPLATE_CODES]);
    expect(templates.find((template) => template.code === 'gallery')).toMatchObject({ layout: 'grid', dark: true });
    expect(templates.find((template) => template.code === 'enterprise')).toMatchObject({ layout: 'magazine', usesBrandColor: true });
  });
});

describe('an owner creates and changes a space', () => {
  it('creates one with its fields; reads it back by uid; lists it as mine', async () => {
    const owner = await newPerson();
    const space = await createSpace(owner, {
      name: '  湖边民宿  ',
      intro: '安静',
      brandColor: '#AABBCC',
      contactPhone: '0571-88888888',
      address: '西湖区',
      latitude: 30.25,
      longitude: 120.15,
      coverUrl: '/files/covers/x.webp',
    });
    expect(space).toMatchObject({
      kind: 'personal',
      name: '湖边民宿',
      intro: '安静',
      templateCode: 'classic',
      brandColor: '#aabbcc',
      website: null,
      contactPhone: '0571-88888888',
      latitude: 30.25,
      longitude: 120.15,
      coverUrl: '/files/covers/x.webp',
      owner: { uid: owner.uid },
      works: [],
      mine: true,
      visibility: 'public',
    });
    expect(space.id).toEqual(expect.any(Number));
    expect(space.uid).toMatch(/^[a-z0-9]{12}$/);

    const read = dataOf<SpaceView>(await anonymous(`/api/space/detail?uid=${space.uid}`));
    expect(read).toMatchObject({ uid: space.uid, name: '湖边民宿', mine: false });
    const mine = dataOf<SpaceCard[]>(await owner.call('GET', '/api/c/space/mine'));
    expect(mine).toEqual([expect.objectContaining({ uid: space.uid, id: space.id, visibility: 'public', workCount: 0 })]);
  });

  it('an enterprise space takes the enterprise look and a website, found by it', async () => {
    const owner = await newPerson();
    const website = `acme-${Date.now().toString(36)}`;
    const space = await createSpace(owner, { kind: 'enterprise', name: 'Acme', website: website.toUpperCase() });
    expect(space).toMatchObject({ templateCode: 'enterprise', website });
    expect(dataOf<SpaceView>(await anonymous(`/api/space/detail?website=${website}`)).uid).toBe(space.uid);

    const other = await newPerson();
    expectError(await other.call('POST', '/api/c/space', input({ kind: 'enterprise', website })), 'spaceWebsiteTaken');
    const second = await createSpace(other, { kind: 'enterprise', name: 'Other' });
    expectError(await other.call('PUT', `/api/c/space/${second.uid}`, { website }), 'spaceWebsiteTaken');

    // Deleting frees the website.
    expect((await owner.call('DELETE', `/api/c/space/${space.uid}`)).statusCode).toBe(200);
    expect(dataOf<SpaceView>(await other.call('PUT', `/api/c/space/${second.uid}`, { website })).website).toBe(website);
  });

  it('refuses bad input with its own codes', async () => {
    const owner = await newPerson();
    const create = (overrides: Record<string, unknown>) => owner.call('POST', '/api/c/space', input(overrides));
    expect((await create({ name: '' })).statusCode).toBe(400);
    expect((await create({ kind: 'shop' })).statusCode).toBe(400);
    expect((await create({ latitude: 91, longitude: 0 })).statusCode).toBe(400);
    expectError(await create({ name: '   ' }), 'spaceNameInvalid');
    expectError(await create({ name: 'x'.repeat(31) }), 'spaceNameInvalid');
    expectError(await create({ visibility: 'private' }), 'spaceAccessCodeRequired');
    expectError(await create({ visibility: 'private', accessCode: 'ab' }), 'spaceAccessCodeInvalid');
    expectError(await create({ visibility: 'private', accessCode: 'abc-1' }), 'spaceAccessCodeInvalid');
    expectError(await create({ website: 'acme' }), 'spaceWebsiteEnterpriseOnly');
    expectError(await create({ kind: 'enterprise', website: '-acme' }), 'spaceWebsiteInvalid');
    expectError(await create({ kind: 'enterprise', website: 'ab' }), 'spaceWebsiteInvalid');
    expectError(await create({ latitude: 30 }), 'spaceLocationIncomplete');
    expectError(await create({ templateCode: 'neon' }), 'spaceTemplateUnknown');
    expectError(await create({ brandColor: 'red' }), 'spaceBrandColorInvalid');
    expectError(await create({ coverUrl: 'javascript:alert(1)' }), 'spaceImageUrlInvalid');
    expectError(await create({ logoUrl: 'http://example.com/a.png' }), 'spaceImageUrlInvalid');
    expect(dataOf<SpaceCard[]>(await owner.call('GET', '/api/c/space/mine'))).toEqual([]);
  });

  it('changes the fields given only; privacy needs a code once, and going public forgets it', async () => {
    const owner = await newPerson();
    const space = await createSpace(owner);
    const put = (body: Record<string, unknown>) => owner.call('PUT', `/api/c/space/${space.uid}`, body);
    expect(dataOf<SpaceView>(await put({ intro: '新简介' }))).toMatchObject({ name: '我的小屋', intro: '新简介' });
    expectError(await put({ visibility: 'private' }), 'spaceAccessCodeRequired');
    expect(dataOf<SpaceView>(await put({ visibility: 'private', accessCode: 'Code1234' })).visibility).toBe('private');
    // Still private without repeating the code.
    expect(dataOf<SpaceView>(await put({ name: '私密小屋' })).visibility).toBe('private');
    expect((await anonymous(`/api/space/detail?uid=${space.uid}&code=Code1234`)).statusCode).toBe(200);
    expect(dataOf<SpaceView>(await put({ visibility: 'public' })).visibility).toBe('public');
    expect(dataOf<SpaceView>(await put({ visibility: 'private', accessCode: 'Other99' })).visibility).toBe('private');
    expectError(await anonymous(`/api/space/detail?uid=${space.uid}&code=Code1234`), 'spaceWrongCode');
    expectError(await put({ website: 'mysite' }), 'spaceWebsiteEnterpriseOnly');
    expectError(await put({ latitude: null, longitude: 3 }), 'spaceLocationIncomplete');

    const enterprise = await createSpace(owner, { kind: 'enterprise', website: `e${Date.now().toString(36)}` });
    expectError(await owner.call('PUT', `/api/c/space/${enterprise.uid}`, { kind: 'personal' }), 'spaceWebsiteEnterpriseOnly');
    expect(dataOf<SpaceView>(await owner.call('PUT', `/api/c/space/${enterprise.uid}`, { kind: 'personal', website: null }))).toMatchObject(
      {
        kind: 'personal',
        website: null,
      },
    );
  });

  it('picks a template', async () => {
    const owner = await newPerson();
    const space = await createSpace(owner);
    expect(dataOf<SpaceView>(await owner.call('PUT', `/api/c/space/${space.uid}/template`, { templateCode: 'gallery' })).templateCode).toBe(
      'gallery',
    );
    expectError(await owner.call('PUT', `/api/c/space/${space.uid}/template`, { templateCode: 'neon' }), 'spaceTemplateUnknown');
    expect((await owner.call('PUT', `/api/c/space/${space.uid}/template`, {})).statusCode).toBe(400);
  });

  it(`stops at ${SPACES_PER_OWNER_MAX} live spaces; a deleted one makes room`, async () => {
    const owner = await newPerson();
    const created = await Promise.all(
      Array.from({ length: SPACES_PER_OWNER_MAX }, (_, index) => createSpace(owner, { name: `空间${index}` })),
    );
    expectError(await owner.call('POST', '/api/c/space', input()), 'spaceLimitReached');
    expect((await owner.call('DELETE', `/api/c/space/${created[0]!.uid}`)).statusCode).toBe(200);
    await createSpace(owner, { name: '又一个' });
    expect(dataOf<SpaceCard[]>(await owner.call('GET', '/api/c/space/mine'))).toHaveLength(SPACES_PER_OWNER_MAX);
  });

  it("another person's space does not exist for them (admins included); signed out is 401", async () => {
    const owner = await newPerson();
    const space = await createSpace(owner);
    const other = await newPerson();
    const admin = await newPerson({ roles: [Role.admin] });
    const work = await createWork(other);
    for (const caller of [other, admin]) {
      expectError(await caller.call('PUT', `/api/c/space/${space.uid}`, { name: 'x' }), 'spaceNotFound');
      expectError(await caller.call('PUT', `/api/c/space/${space.uid}/template`, { templateCode: 'list' }), 'spaceNotFound');
      expectError(await caller.call('DELETE', `/api/c/space/${space.uid}`), 'spaceNotFound');
    }
    expectError(await other.call('PUT', `/api/c/space/${space.uid}/works`, { workUids: [work.uid] }), 'spaceNotFound');
    expectError(await other.call('POST', `/api/c/space/${space.uid}/works`, { workUid: work.uid }), 'spaceNotFound');
    expect((await testApp.app.inject({ method: 'POST', url: '/api/c/space', payload: input() })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/c/space/mine' })).statusCode).toBe(401);
    expect(dataOf<SpaceView>(await anonymous(`/api/space/detail?uid=${space.uid}`)).name).toBe('我的小屋');
  });

  it('deleting hides the page and the shop', async () => {
    const owner = await newPerson();
    const space = await createSpace(owner);
    expect((await owner.call('DELETE', `/api/c/space/${space.uid}`)).statusCode).toBe(200);
    expectError(await anonymous(`/api/space/detail?uid=${space.uid}`), 'spaceNotFound');
    expectError(await anonymous(`/api/space/shop?id=${space.id}`), 'spaceNotFound');
    expectError(await owner.call('DELETE', `/api/c/space/${space.uid}`), 'spaceNotFound');
    expect(dataOf<SpaceCard[]>(await owner.call('GET', '/api/c/space/mine'))).toEqual([]);
  });
});

describe("a space's cover and logo", () => {
  it('uploads an image into the owner’s public folder; a space takes it; not an image or signed out is refused', async () => {
    const owner = await newPerson();
    const picture = { fileName: 'cover.png', contentType: 'image/png', bytes: await samplePng() };
    const uploaded = await postFile(testApp.app, '/api/c/space/image', owner.token, picture);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = dataOf<{ url: string }>(uploaded);
    expect(url).toMatch(new RegExp(`^/files/covers/spaces/${owner.uid}/[0-9a-f]{20}\\.webp$`));
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await createSpace(owner, { coverUrl: url, logoUrl: url })).coverUrl).toBe(url);
    const notImage = await postFile(testApp.app, '/api/c/space/image', owner.token, { ...picture, bytes: Buffer.from('not an image') });
    expect(notImage.statusCode).toBe(415);
    expect((await postFile(testApp.app, '/api/c/space/image', '', picture)).statusCode).toBe(401);
  });
});

describe("a space's works", () => {
  it('holds the owner’s own works in order; visitors see only those online', async () => {
    const owner = await newPerson();
    const space = await createSpace(owner);
    const online = await publishedWork(testApp.app, owner, '上线作品');
    const draft = await createWork(owner, { name: '草稿' });
    const set = dataOf<SpaceView>(await owner.call('PUT', `/api/c/space/${space.uid}/works`, { workUids: [draft.uid, online.uid] }));
    expect(set.works.map((work) => work.uid)).toEqual([draft.uid, online.uid]);
    expect(set.works[1]).toMatchObject({ name: '上线作品', type: 'panorama', coverUrl: expect.stringMatching(/^\/files\//), views: 0 });

    const seen = dataOf<SpaceView>(await anonymous(`/api/space/detail?uid=${space.uid}`));
    expect(seen.works.map((work) => work.uid)).toEqual([online.uid]);
    expect(dataOf<SpaceCard[]>(await owner.call('GET', '/api/c/space/mine'))[0]!.workCount).toBe(1);

    // Into the recycle bin: gone for everyone.
    expect((await owner.call('DELETE', `/api/model/${online.uid}`)).statusCode).toBe(200);
    expect(dataOf<SpaceView>(await anonymous(`/api/space/detail?uid=${space.uid}`)).works).toEqual([]);
    expect(dataOf<SpaceView>(await owner.call('GET', `/api/space/detail?uid=${space.uid}`)).works.map((work) => work.uid)).toEqual([
      draft.uid,
    ]);
  });

  it('appends one, once', async () => {
    const owner = await newPerson();
    const space = await createSpace(owner);
    const first = await createWork(owner, { name: '一' });
    const second = await createWork(owner, { name: '二' });
    await owner.call('POST', `/api/c/space/${space.uid}/works`, { workUid: first.uid });
    const after = dataOf<SpaceView>(await owner.call('POST', `/api/c/space/${space.uid}/works`, { workUid: second.uid }));
    expect(after.works.map((work) => work.uid)).toEqual([first.uid, second.uid]);
    expectError(await owner.call('POST', `/api/c/space/${space.uid}/works`, { workUid: first.uid }), 'spaceWorkAlreadyIn');
    expect((await owner.call('POST', `/api/c/space/${space.uid}/works`, {})).statusCode).toBe(400);
  });

  it('refuses works not the owner’s, repeated ones, deleted ones and too many', async () => {
    const owner = await newPerson();
    const other = await newPerson();
    const space = await createSpace(owner);
    const theirs = await publishedWork(testApp.app, other, '别人的');
    const mine = await createWork(owner, { name: '我的' });
    const put = (workUids: string[]) => owner.call('PUT', `/api/c/space/${space.uid}/works`, { workUids });
    expectError(await put([theirs.uid]), 'spaceWorkNotYours');
    expectError(await put(['nosuchwork']), 'spaceWorkNotYours');
    expectError(await owner.call('POST', `/api/c/space/${space.uid}/works`, { workUid: theirs.uid }), 'spaceWorkNotYours');
    expectError(await put([mine.uid, mine.uid]), 'spaceWorkRepeated');
    expectError(await put(Array.from({ length: SPACE_WORKS_MAX + 1 }, (_, index) => `w${index}`)), 'spaceTooManyWorks');
    expect((await put({} as never)).statusCode).toBe(400);
    expect((await owner.call('DELETE', `/api/model/${mine.uid}`)).statusCode).toBe(200);
    expectError(await put([mine.uid]), 'spaceWorkNotYours');
    expect(dataOf<SpaceView>(await put([])).works).toEqual([]);
  });
});

describe('a private space', () => {
  it('asks for its code (with its name), refuses a wrong one, opens with the right one; its owner needs none', async () => {
    const owner = await newPerson();
    const space = await createSpace(owner, { name: '私享空间', visibility: 'private', accessCode: 'Secret42' });
    const asked = await anonymous(`/api/space/detail?uid=${space.uid}`);
    expectError(asked, 'spaceNeedsCode');
    expect(json<{ data: unknown }>(asked).data).toEqual({ name: '私享空间', needsCode: true });
    expectError(await anonymous(`/api/space/detail?uid=${space.uid}&code=secret42`), 'spaceWrongCode');
    const opened = dataOf<SpaceView>(await anonymous(`/api/space/detail?uid=${space.uid}&code=Secret42`));
    expect(opened).toMatchObject({ name: '私享空间', mine: false, visibility: 'public' });
    expect(dataOf<SpaceView>(await owner.call('GET', `/api/space/detail?uid=${space.uid}`))).toMatchObject({
      mine: true,
      visibility: 'private',
    });

    // Its shop too.
    expectError(await anonymous(`/api/space/shop?id=${space.id}`), 'spaceNeedsCode');
    expect((await anonymous(`/api/space/shop?id=${space.id}&code=Secret42`)).statusCode).toBe(200);

    // Only a salted hash is kept.
    const [row] = await testApp.app.services.database.db
      .select({ hash: spaces.accessCodeHash })
      .from(spaces)
      .where(eq(spaces.uid, space.uid));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).toBe(hashAccessCode(space.uid, 'Secret42'));
  });

  it('makes an address wait after ten wrong codes, for that space only', async () => {
    const owner = await newPerson();
    const space = await createSpace(owner, { visibility: 'private', accessCode: 'Right123' });
    const ip = '203.0.113.77';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectError(await anonymous(`/api/space/detail?uid=${space.uid}&code=Wrong${attempt}`, ip), 'spaceWrongCode');
    }
    const refused = await anonymous(`/api/space/detail?uid=${space.uid}&code=Right123`, ip);
    expectError(refused, 'spaceCodeAttemptsTooMany');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect((await anonymous(`/api/space/detail?uid=${space.uid}&code=Right123`, '203.0.113.78')).statusCode).toBe(200);
    // Right codes do not count.
    const ip2 = '203.0.113.79';
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await anonymous(`/api/space/detail?uid=${space.uid}&code=Right123`, ip2)).statusCode).toBe(200);
    }
  });
});

describe('public reads', () => {
  it('detail: one of uid or website; an unknown one is 404', async () => {
    expectError(await anonymous('/api/space/detail'), 'spaceDetailTargetMissing');
    expectError(await anonymous('/api/space/detail?uid=nosuchspace'), 'spaceNotFound');
    expectError(await anonymous('/api/space/detail?website=nosuchsite'), 'spaceNotFound');
  });

  it("a disabled owner's spaces are gone", async () => {
    const owner = await newPerson();
    const admin = await newPerson({ roles: [Role.admin] });
    const space = await createSpace(owner);
    await testApp.app.services.users.setDisabled(admin.id, owner.id, true);
    expectError(await anonymous(`/api/space/detail?uid=${space.uid}`), 'spaceNotFound');
    expectError(await anonymous(`/api/space/person?uid=${owner.uid}`), 'spaceOwnerNotFound');
  });

  it("person: someone's public spaces newest first; the owner sees the private ones too", async () => {
    const owner = await newPerson();
    const open = await createSpace(owner, { name: '公开' });
    const closed = await createSpace(owner, { name: '私密', visibility: 'private', accessCode: 'abcd' });
    const seen = dataOf<SpacePerson>(await anonymous(`/api/space/person?uid=${owner.uid}`));
    expect(seen.owner).toMatchObject({ uid: owner.uid, name: expect.any(String), avatarUrl: expect.any(String) });
    expect(seen.spaces.map((space) => space.uid)).toEqual([open.uid]);
    const own = dataOf<SpacePerson>(await owner.call('GET', `/api/space/person?uid=${owner.uid}`));
    expect(own.spaces.map((space) => [space.uid, space.visibility])).toEqual([
      [closed.uid, 'private'],
      [open.uid, 'public'],
    ]);
    expectError(await anonymous('/api/space/person?uid=nosuchperson'), 'spaceOwnerNotFound');
    expect((await anonymous('/api/space/person')).statusCode).toBe(400);
  });

  it("houses: a person's online panoramas with their rental figures, paged", async () => {
    const owner = await newPerson();
    const rented = await publishedWork(testApp.app, owner, '两居室');
    const plain = await publishedWork(testApp.app, owner, '开间');
    await createWork(owner, { name: '未发布' });
    await createWork(owner, { name: '模型', type: 'model3d' });
    const rental = await owner.call('PUT', `/api/model/${rented.uid}/rental`, {
      rentFen: 450_000,
      area: 89.5,
      bedrooms: 2,
      livingRooms: 1,
      bathrooms: 1,
      floor: 12,
      totalFloors: 30,
      address: '滨江路 88 号',
      district: '',
      city: '',
      contactName: '王先生',
      contactPhone: '13800000100',
      listed: true,
    });
    expect(rental.statusCode, rental.body).toBe(200);
    const page = dataOf<HousePage>(await anonymous(`/api/space/houses?uid=${owner.uid}`));
    expect(page.total).toBe(2);
    expect(page.list.map((house) => house.uid)).toEqual([plain.uid, rented.uid]);
    expect(page.list[1]).toMatchObject({ name: '两居室', rental: { rentFen: 450_000, area: 89.5, bedrooms: 2, floor: 12 } });
    expect(page.list[0]!.rental).toBeNull();
    const second = dataOf<HousePage>(await anonymous(`/api/space/houses?uid=${owner.uid}&pageNum=2&pageSize=1`));
    expect(second).toMatchObject({ total: 2, list: [expect.objectContaining({ uid: rented.uid })] });
    expectError(await anonymous('/api/space/houses?uid=nosuchperson'), 'spaceOwnerNotFound');
    expect((await anonymous(`/api/space/houses?uid=${owner.uid}&pageSize=500`)).statusCode).toBe(400);
  });

  it("shop: the market listings of the space's works, and a signed provider's services", async () => {
    const admin = await newPerson({ roles: [Role.admin] });
    const owner = await newPerson({ roles: [Role.photographer] });
    const { work, listing } = await listedWork(testApp.app, owner, { price: '12.50', licence: 'copy', admin });
    const unlisted = await publishedWork(testApp.app, owner, '不卖');
    const space = await createSpace(owner);
    await owner.call('PUT', `/api/c/space/${space.uid}/works`, { workUids: [work.uid, unlisted.uid] });

    let shop = dataOf<SpaceShop>(await anonymous(`/api/space/shop?id=${space.id}`));
    expect(shop.space).toMatchObject({ uid: space.uid, id: space.id, templateCode: 'classic', workCount: 2 });
    expect(shop.listings).toEqual([
      { listingId: listing.id, work: expect.objectContaining({ uid: work.uid }), priceFen: 1250, licence: 'copy' },
    ]);
    expect(shop.services).toEqual([]);

    // Signed, with an enabled price rule: the shoot types appear.
    await testApp.app.services.serviceOrders.setPriceRule({ id: admin.id, roles: [Role.admin] }, 'panoramaTour', {
      pricePerSiteFen: 10_000,
      pricePerM2Fen: 100,
      minimumFen: 0,
      depositBps: 3000,
      enabled: true,
    });
    const sample = await createWork(owner, { name: '样片' });
    const applied = await owner.call('POST', '/api/c/signing/apply', {
      provinceCodes: ['31'],
      equipment: '全景相机',
      intro: '',
      sampleWorkUids: [sample.uid],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const approved = await admin.call('POST', `/api/admin/signing/applications/${json<{ data: { id: number } }>(applied).data.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    shop = dataOf<SpaceShop>(await anonymous(`/api/space/shop?id=${space.id}`));
    expect(shop.services).toContainEqual(
      expect.objectContaining({
        requirementType: 'panoramaTour',
        nameZh: expect.any(String),
        nameEn: expect.any(String),
        pricePerSiteFen: 10_000,
      }),
    );

    expectError(await anonymous('/api/space/shop?id=999999999'), 'spaceNotFound');
    expect((await anonymous('/api/space/shop?id=abc')).statusCode).toBe(400);
  });
});
