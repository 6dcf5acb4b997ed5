import { ErrorCode, Role, type Page, type WorkDetail, type WorkSummary, type WorkVerification, WorkErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataOf, json } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { attachAsset, completeWork, createWork, person, type Person, publishedWork, samplePng } from '../../test/works-fixtures.js';

const { testApp, owner, stranger, admin } = await appWithPeople({
  owner: { name: 'Owner' },
  stranger: { name: 'Stranger' },
  admin: { roles: [Role.admin] },
});
afterAll(() => testApp.close());

const listOf = (as: Person, clientUid: string, query = '') => as.call('GET', `/api/fe/client/${clientUid}/models?${query}`);

describe('POST /api/model', () => {
  it('creates an unpublished work owned by the caller', async () => {
    const response = await owner.call('POST', '/api/model', { name: ' 滨江样板间 ', type: 'panorama', description: '三室两厅' });
    expect(response.statusCode).toBe(200);
    expect(dataOf<WorkDetail>(response)).toMatchObject({
      name: '滨江样板间',
      type: 'panorama',
      status: 'unpublished',
      onLined: false,
      budget: 200,
      version: 1,
      owner: { uid: owner.uid, name: 'Owner' },
      assets: [],
    });
  });

  it('refuses a name over 20 characters, an unknown type, a sensitive word, and anonymous callers', async () => {
    const long = await owner.call('POST', '/api/model', { name: '名'.repeat(21), type: 'panorama' });
    expect(long.statusCode).toBe(400);
    expect(json(long)).toMatchObject({ code: ErrorCode.validation });
    expect((await owner.call('POST', '/api/model', { name: 'ok', type: 'video' })).statusCode).toBe(400);
    const sensitive = await owner.call('POST', '/api/model', { name: '赌博大厅', type: 'panorama' });
    expect(sensitive.statusCode).toBe(400);
    expect(json(sensitive).msg).toContain('赌博');
    const anonymous = await testApp.app.inject({ method: 'POST', url: '/api/model', payload: { name: 'x', type: 'panorama' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/fe/client/{id}/models', () => {
  let lister: Person;
  beforeAll(async () => {
    lister = await person(testApp.app);
    await createWork(lister, { name: '客厅全景', description: '南向采光' });
    await createWork(lister, { name: 'Loft studio', type: 'model3d', description: 'industrial style' });
    await publishedWork(testApp.app, lister, '厨房 kitchen');
  });

  it("pages the owner's works newest first with the total", async () => {
    const page = dataOf<Page<WorkSummary>>(await listOf(lister, lister.uid, 'pageNum=1&pageSize=2'));
    expect(page.total).toBe(3);
    expect(page.list.map((work) => work.name)).toEqual(['厨房 kitchen', 'Loft studio']);
    const second = dataOf<Page<WorkSummary>>(await listOf(lister, lister.uid, 'pageNum=2&pageSize=2'));
    expect(second.list.map((work) => work.name)).toEqual(['客厅全景']);
    // Past the last page the total still comes back, with and without filters.
    expect(dataOf<Page<WorkSummary>>(await listOf(lister, lister.uid, 'pageNum=9&pageSize=2'))).toMatchObject({ list: [], total: 3 });
    expect(dataOf<Page<WorkSummary>>(await listOf(lister, lister.uid, 'pageNum=9&type=model3d'))).toMatchObject({ list: [], total: 1 });
    expect(dataOf<Page<WorkSummary>>(await listOf(lister, lister.uid, 'pageNum=9&status=published'))).toMatchObject({ list: [], total: 1 });
  });

  it('finds two-character and one-character Chinese keywords, English in any case, and filters by status and type', async () => {
    const names = async (query: string) => dataOf<Page<WorkSummary>>(await listOf(lister, lister.uid, query)).list.map((work) => work.name);
    expect(await names(`keyword=${encodeURIComponent('客厅')}`)).toEqual(['客厅全景']);
    expect(await names(`keyword=${encodeURIComponent('采光')}`)).toEqual(['客厅全景']);
    expect(await names(`keyword=${encodeURIComponent('厨')}`)).toEqual(['厨房 kitchen']);
    expect(await names('keyword=INDUSTRIAL')).toEqual(['Loft studio']);
    expect(await names(`keyword=${encodeURIComponent('客厨')}`)).toEqual([]);
    expect(await names(`modelName=${encodeURIComponent('采光')}`)).toEqual([]);
    expect(await names('modelName=loft')).toEqual(['Loft studio']);
    expect(await names('status=published')).toEqual(['厨房 kitchen']);
    expect(await names('type=model3d')).toEqual(['Loft studio']);
  });

  it('shows others only the works that are online, and admins everything', async () => {
    expect(dataOf<Page<WorkSummary>>(await listOf(stranger, lister.uid)).list.map((work) => work.name)).toEqual(['厨房 kitchen']);
    const anonymous = await testApp.app.inject({ method: 'GET', url: `/api/fe/client/${lister.uid}/models` });
    expect(dataOf<Page<WorkSummary>>(anonymous).total).toBe(1);
    expect(dataOf<Page<WorkSummary>>(await listOf(admin, lister.uid)).total).toBe(3);
  });

  it('answers 404 for an unknown user and 400 for a page size over 100 or an unknown status', async () => {
    expect((await listOf(owner, 'nobody-here')).statusCode).toBe(404);
    expect((await listOf(lister, lister.uid, 'pageSize=101')).statusCode).toBe(400);
    expect((await listOf(lister, lister.uid, 'status=deleted')).statusCode).toBe(400);
  });
});

describe('GET /api/model/{uid}', () => {
  it('shows an unpublished work only to its owner and admins', async () => {
    const work = await createWork(owner);
    expect((await owner.call('GET', `/api/model/${work.uid}`)).statusCode).toBe(200);
    expect((await admin.call('GET', `/api/model/${work.uid}`)).statusCode).toBe(200);
    expect((await stranger.call('GET', `/api/model/${work.uid}`)).statusCode).toBe(404);
    const online = await publishedWork(testApp.app, owner);
    expect((await stranger.call('GET', `/api/model/${online.uid}`)).statusCode).toBe(200);
  });
});

describe('tags', () => {
  it('adds (form encoded, once), removes, and stops at ten', async () => {
    const work = await createWork(owner);
    const add = (tag: string) => owner.call('POST', `/api/model/${work.uid}/tag/${encodeURIComponent(tag)}`, '');
    expect(dataOf(await add('现代'))).toEqual(['现代']);
    expect(dataOf(await add('现代'))).toEqual(['现代']);
    for (let index = 1; index < 10; index += 1) await add(`t${index}`);
    const eleventh = await add('one-more');
    expect(eleventh.statusCode).toBe(400);
    expect(json(eleventh).code).toBe(WorkErrors.workTagLimit.code);
    const removed = await owner.call('DELETE', `/api/model/${work.uid}/tag/${encodeURIComponent('现代')}`);
    expect(dataOf<string[]>(removed)).not.toContain('现代');
    // A tag is found by search, and filters the list.
    expect(dataOf<Page<WorkSummary>>(await listOf(owner, owner.uid, 'keyword=t9')).list.map((row) => row.uid)).toContain(work.uid);
    expect(dataOf<Page<WorkSummary>>(await listOf(owner, owner.uid, 'tag=t9'))).toMatchObject({ list: [{ uid: work.uid }], total: 1 });
  });

  it("refuses a sensitive tag, a tag over 12 characters, and someone else's work", async () => {
    const work = await createWork(owner);
    expect((await owner.call('POST', `/api/model/${work.uid}/tag/${encodeURIComponent('赌博')}`, '')).statusCode).toBe(400);
    expect((await owner.call('POST', `/api/model/${work.uid}/tag/${'x'.repeat(13)}`, '')).statusCode).toBe(400);
    expect((await stranger.call('POST', `/api/model/${work.uid}/tag/mine`, '')).statusCode).toBe(404);
    expect((await stranger.call('DELETE', `/api/model/${work.uid}/tag/mine`)).statusCode).toBe(404);
  });
});

describe('PATCH /api/model/{uid}/attr', () => {
  it('changes attributes from a form, counts a new version for the name, and checks sensitive words', async () => {
    const work = await createWork(owner);
    const response = await owner.call(
      'PATCH',
      `/api/model/${work.uid}/attr`,
      `name=${encodeURIComponent('新名字')}&address=${encodeURIComponent('上海市徐汇区')}&latitude=31.2&longitude=121.4`,
    );
    expect(response.statusCode).toBe(200);
    expect(dataOf<WorkDetail>(response)).toMatchObject({
      name: '新名字',
      address: '上海市徐汇区',
      latitude: 31.2,
      longitude: 121.4,
      version: 2,
    });
    const cleared = await owner.call('PATCH', `/api/model/${work.uid}/attr`, { latitude: null, longitude: null });
    expect(dataOf<WorkDetail>(cleared)).toMatchObject({ latitude: null, longitude: null, version: 2 });
    expect((await owner.call('PATCH', `/api/model/${work.uid}/attr`, { description: 'd'.repeat(201) })).statusCode).toBe(400);
    expect((await owner.call('PATCH', `/api/model/${work.uid}/attr`, { description: '欢迎来赌博' })).statusCode).toBe(400);
    expect((await owner.call('PATCH', `/api/model/${work.uid}/attr`, { latitude: 91 })).statusCode).toBe(400);
    expect((await owner.call('PATCH', `/api/model/${work.uid}/attr`, { startTime: 2000, endTime: 1000 })).statusCode).toBe(400);
  });

  it("refuses someone else's work: 404 while unpublished, 403 once online", async () => {
    const work = await createWork(owner);
    expect((await stranger.call('PATCH', `/api/model/${work.uid}/attr`, { name: 'mine' })).statusCode).toBe(404);
    const online = await publishedWork(testApp.app, owner);
    const refused = await stranger.call('PATCH', `/api/model/${online.uid}/attr`, { name: 'mine' });
    expect(refused.statusCode).toBe(403);
    expect(dataOf<WorkDetail>(await owner.call('GET', `/api/model/${online.uid}`)).name).not.toBe('mine');
  });

  it("lets an admin change anyone's work", async () => {
    const work = await createWork(owner);
    expect(dataOf<WorkDetail>(await admin.call('PATCH', `/api/model/${work.uid}/attr`, { description: 'checked' })).description).toBe(
      'checked',
    );
  });
});

describe('budget, verify, reset, copy', () => {
  it('sets the budget (always 200 from the spec client) and refuses 0 and strangers', async () => {
    const work = await createWork(owner);
    expect((await owner.call('POST', `/api/model/${work.uid}/budget`, 'budget=200')).statusCode).toBe(200);
    expect((await owner.call('POST', `/api/model/${work.uid}/budget?budget=300`, '')).statusCode).toBe(200);
    expect(dataOf<WorkDetail>(await owner.call('GET', `/api/model/${work.uid}`)).budget).toBe(300);
    expect((await owner.call('POST', `/api/model/${work.uid}/budget`, 'budget=0')).statusCode).toBe(400);
    expect((await stranger.call('POST', `/api/model/${work.uid}/budget`, 'budget=200')).statusCode).toBe(404);
  });

  it('verifies what is missing, item by item', async () => {
    const work = await createWork(owner);
    const before = dataOf<WorkVerification>(await owner.call('POST', `/api/model/${work.uid}/verify`));
    expect(before).toEqual({
      complete: false,
      checklist: [
        { item: 'name', ok: true },
        { item: 'cover', ok: false },
        { item: 'origin', ok: false },
      ],
      processing: expect.objectContaining({ state: 'idle', sceneCount: 0 }),
    });
    await attachAsset(testApp.app, owner, work.uid, 'cover', await samplePng(), 'image/png');
    await attachAsset(testApp.app, owner, work.uid, 'origin', await samplePng(), 'image/png');
    expect(dataOf<WorkVerification>(await owner.call('POST', `/api/model/${work.uid}/verify`)).complete).toBe(true);
    expect((await stranger.call('POST', `/api/model/${work.uid}/verify`)).statusCode).toBe(404);
  });

  it('copies a work with a new uid and the same stored files, unpublished, named as a copy', async () => {
    const original = await publishedWork(testApp.app, owner, '原作');
    const response = await owner.call('POST', `/api/model/${original.uid}/copy`);
    const copy = dataOf<WorkDetail>(response);
    const source = dataOf<WorkDetail>(await owner.call('GET', `/api/model/${original.uid}`));
    expect(copy.uid).not.toBe(original.uid);
    expect(copy).toMatchObject({ name: '原作（副本）', status: 'unpublished', coverUrl: source.coverUrl });
    // Searchable by its own name.
    expect(
      dataOf<Page<WorkSummary>>(await listOf(owner, owner.uid, `modelName=${encodeURIComponent('副本')}`)).list.map((work) => work.uid),
    ).toContain(copy.uid);
    // The same stored files (an original's signed link differs by its expiry, not its file).
    const storedFiles = (work: WorkDetail) => work.assets.map((asset) => asset.url.split('?')[0]);
    expect(storedFiles(copy)).toEqual(storedFiles(source));
    expect((await stranger.call('POST', `/api/model/${original.uid}/copy`)).statusCode).toBe(403);
  });

  it('names a copy in the caller’s language, numbers further copies, and keeps within the name limit', async () => {
    const original = await createWork(owner, { name: 'Riverside' });
    const copyAs = async (uid: string, language: 'zh' | 'en') =>
      dataOf<WorkDetail>(
        await testApp.app.inject({
          method: 'POST',
          url: `/api/model/${uid}/copy`,
          headers: { 'auth-token': owner.token, cookie: `language=${language}` },
        }),
      ).name;
    expect(await copyAs(original.uid, 'en')).toBe('Riverside (copy)');
    expect(await copyAs(original.uid, 'en')).toBe('Riverside (copy 2)');
    const zhCopy = (await createWork(owner, { name: '江景房' })).uid;
    expect(await copyAs(zhCopy, 'zh')).toBe('江景房（副本）');
    const copied = dataOf<WorkDetail>(await owner.call('POST', `/api/model/${zhCopy}/copy`));
    // A copy of a copy is named after the original.
    expect(await copyAs(copied.uid, 'zh')).toBe('江景房（副本3）');
    const long = await createWork(owner, { name: '名'.repeat(20) });
    expect(await copyAs(long.uid, 'zh')).toBe(`${'名'.repeat(16)}（副本）`);
  });

  it('resets a work to an unpublished draft and keeps its files', async () => {
    const work = await publishedWork(testApp.app, owner);
    const reset = dataOf<WorkDetail>(await owner.call('POST', `/api/model/${work.uid}/reset`));
    expect(reset).toMatchObject({ status: 'unpublished', onLined: false });
    expect(reset.assets).toHaveLength(2);
    expect((await stranger.call('POST', `/api/model/${work.uid}/reset`)).statusCode).toBe(404);
  });
});

describe('deleting, the recycle bin and the purge', () => {
  it('moves a work to the recycle bin, out of lists and off line, and restores it', async () => {
    const work = await publishedWork(testApp.app, owner, '待删除');
    expect((await owner.call('DELETE', `/api/model/${work.uid}`)).statusCode).toBe(200);
    expect((await owner.call('GET', `/api/model/${work.uid}`)).statusCode).toBe(404);
    const bin = dataOf<Page<WorkSummary>>(await owner.call('GET', '/api/model/recycleBin'));
    expect(bin.list.find((row) => row.uid === work.uid)).toMatchObject({ status: 'unpublished' });
    expect(bin.list.find((row) => row.uid === work.uid)?.deletedAt).toBeGreaterThan(0);
    expect((await stranger.call('POST', `/api/model/${work.uid}/restore`)).statusCode).toBe(404);
    expect(dataOf<WorkDetail>(await owner.call('POST', `/api/model/${work.uid}/restore`)).deletedAt).toBeNull();
    expect((await owner.call('GET', `/api/model/${work.uid}`)).statusCode).toBe(200);
  });

  it("deletes a batch all or nothing: one work that is not the caller's stops them all", async () => {
    const mine = [await createWork(owner), await createWork(owner)];
    const theirs = await createWork(stranger);
    const mixed = await owner.call(
      'DELETE',
      `/api/model/batchDeleteLogically?modelUids=${[...mine, theirs].map((work) => work.uid).join(',')}`,
    );
    expect(mixed.statusCode).toBe(404);
    expect((await owner.call('GET', `/api/model/${mine[0]!.uid}`)).statusCode).toBe(200);
    const batch = await owner.call('DELETE', '/api/model/batchDeleteLogically', { modelUids: mine.map((work) => work.uid) });
    expect(dataOf(batch)).toEqual({ deleted: 2 });
    const more = [await createWork(owner), await createWork(owner)];
    const byQuery = await owner.call('DELETE', `/api/model/batchDeleteLogically?modelUids=${more.map((work) => work.uid).join(',')}`);
    expect(dataOf(byQuery)).toEqual({ deleted: 2 });
    expect((await owner.call('DELETE', '/api/model/batchDeleteLogically', { modelUids: [] })).statusCode).toBe(400);
  });

  it('purges on request and, after 30 days, by the job; files stay while a copy uses them', async () => {
    const work = await completeWork(testApp.app, owner);
    const copy = dataOf<WorkDetail>(await owner.call('POST', `/api/model/${work.uid}/copy`));
    await owner.call('DELETE', `/api/model/${work.uid}`);
    expect((await stranger.call('DELETE', `/api/model/${work.uid}/purge`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/api/model/${work.uid}/purge`)).statusCode).toBe(200);
    expect(
      dataOf<Page<WorkSummary>>(await owner.call('GET', '/api/model/recycleBin?pageSize=100')).list.some((row) => row.uid === work.uid),
    ).toBe(false);
    // The copy still has its files.
    const { storage } = testApp.app.services;
    const copyKey = dataOf<WorkDetail>(await owner.call('GET', `/api/model/${copy.uid}`)).assets[0]!.url.replace('/files/', '');
    expect(await storage.read(copyKey)).toBeDefined();

    await owner.call('DELETE', `/api/model/${copy.uid}`);
    const { works } = testApp.app.services;
    expect(await works.purgeExpired()).toBe(0);
    const later = Date.now() + 31 * 24 * 60 * 60 * 1000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(await works.purgeExpired()).toBeGreaterThanOrEqual(1);
    } finally {
      clock.mockRestore();
    }
    expect((await owner.call('POST', `/api/model/${copy.uid}/restore`)).statusCode).toBe(404);
    expect(await storage.read(copyKey)).toBeUndefined();
  });
});

describe('overview counts', () => {
  it('counts my works by status, without the recycle bin', async () => {
    const counter = await person(testApp.app);
    await createWork(counter);
    await publishedWork(testApp.app, counter);
    const gone = await createWork(counter);
    await counter.call('DELETE', `/api/model/${gone.uid}`);
    const overview = dataOf<{ works: { total: number; byStatus: Record<string, number> } }>(
      await counter.call('GET', '/api/c/my/overview'),
    );
    expect(overview.works.total).toBe(2);
    expect(overview.works.byStatus).toMatchObject({ unpublished: 1, published: 1 });
  });
});
