import {
  MarketErrors,
  type MyMarketListing,
  Role,
  type AssetUploadGrant,
  type Page,
  type WorkDetail,
  type WorkShare,
  type WorkSummary,
  UploadErrors,
  WorkErrors,
} from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { completeWork, createWork, type Person, publishedWork, uploadGrant } from '../../test/works-fixtures.js';

let testApp: TestApp;
let owner: Person;
let stranger: Person;
let admin: Person;

beforeAll(async () => {
  ({ testApp, owner, stranger, admin } = await appWithPeople(
    { owner: {}, stranger: {}, admin: { roles: [Role.admin] } },
    { PUBLIC_URL: 'https://spatia.test' },
  ));
});
afterAll(() => testApp.close());

const statusOf = async (uid: string) => dataOf<WorkDetail>(await owner.call('GET', `/api/model/${uid}`)).status;

describe('PUT /api/model/{id}/onLined', () => {
  it('refuses to put an incomplete work online, naming what is missing', async () => {
    const work = await createWork(owner);
    const response = await owner.call('PUT', `/api/model/${work.uid}/onLined`, 'onLined=true');
    expect(response.statusCode).toBe(409);
    expect(json(response).code).toBe(WorkErrors.workIncomplete.code);
  });

  it('puts a complete work online and takes it offline again; strangers cannot', async () => {
    const work = await completeWork(testApp.app, owner);
    expect((await stranger.call('PUT', `/api/model/${work.uid}/onLined`, 'onLined=true')).statusCode).toBe(404);
    const online = dataOf<WorkDetail>(await owner.call('PUT', `/api/model/${work.uid}/onLined?onLined=true`, ''));
    expect(online).toMatchObject({ status: 'published', onLined: true });
    expect((await stranger.call('PUT', `/api/model/${work.uid}/onLined`, 'onLined=false')).statusCode).toBe(403);
    expect(dataOf<WorkDetail>(await owner.call('PUT', `/api/model/${work.uid}/onLined`, 'onLined=false'))).toMatchObject({
      status: 'unpublished',
      onLined: false,
    });
    expect((await owner.call('PUT', `/api/model/${work.uid}/onLined`, 'onLined=maybe')).statusCode).toBe(400);
  });
});

describe('review, showcase and market', () => {
  it('walks a work through review to the market and back, by the transition table', async () => {
    const work = await publishedWork(testApp.app, owner, '审核作品');
    expect(dataOf<WorkDetail>(await owner.call('POST', `/api/model/${work.uid}/audit`)).status).toBe('unaudited');

    // Waiting for review: content is frozen, the market is closed.
    const edit = await owner.call('PATCH', `/api/model/${work.uid}/attr`, { name: '改名' });
    expect(edit.statusCode).toBe(409);
    expect(json(edit).code).toBe(WorkErrors.workUnderAudit.code);
    const cover = await owner.call('GET', `/api/model/${work.uid}/uploadCredentials`);
    expect(json(cover).code).toBe(WorkErrors.workUnderAudit.code);
    expect(json(await owner.call('PUT', `/api/model/${work.uid}/market`, 'price=10')).code).toBe(MarketErrors.marketWorkNotListable.code);

    expect(dataOf<WorkDetail>(await owner.call('DELETE', `/api/model/${work.uid}/audit`)).status).toBe('published');
    await owner.call('POST', `/api/model/${work.uid}/audit`);

    // Only reviewers (admins) claim and decide.
    expect((await owner.call('POST', `/api/audit/models/${work.uid}/claim`)).statusCode).toBe(403);
    const queue = dataOf<Page<WorkSummary>>(await admin.call('GET', '/api/audit/models'));
    expect(queue.list.map((row) => row.uid)).toContain(work.uid);
    expect(dataOf<WorkDetail>(await admin.call('POST', `/api/audit/models/${work.uid}/claim`)).status).toBe('underReview');
    const withdraw = await owner.call('DELETE', `/api/model/${work.uid}/audit`);
    expect(withdraw.statusCode).toBe(409);
    expect(json(withdraw).msg).toContain('审核中');
    expect((await admin.call('POST', `/api/audit/models/${work.uid}/decision`, { passed: 'yes' })).statusCode).toBe(400);
    expect(
      dataOf<WorkDetail>(await admin.call('POST', `/api/audit/models/${work.uid}/decision`, { passed: true, note: '很好' })),
    ).toMatchObject({
      status: 'passed',
      reviewNote: '很好',
    });

    // Market (docs/market.md): a price in yuan becomes fen; the listing waits for review; approved, the work is
    // exposed; taken off, it falls back to passed.
    expect((await owner.call('PUT', `/api/model/${work.uid}/market`, 'price=12.345')).statusCode).toBe(400);
    expect((await owner.call('PUT', `/api/model/${work.uid}/market`, 'price=0')).statusCode).toBe(400);
    expect((await stranger.call('PUT', `/api/model/${work.uid}/market`, 'price=12.5')).statusCode).toBe(403);
    const listing = dataOf<MyMarketListing>(await owner.call('PUT', `/api/model/${work.uid}/market`, 'price=12.5'));
    expect(listing).toMatchObject({ status: 'pending', priceFen: 1250, licence: 'view' });
    expect(await statusOf(work.uid)).toBe('passed');
    expect(dataOf<MyMarketListing>(await admin.call('POST', `/api/admin/market/listings/${listing.id}/approve`)).status).toBe('onMarket');
    expect(dataOf<WorkDetail>(await owner.call('GET', `/api/model/${work.uid}`))).toMatchObject({ status: 'exposed', marketPrice: 1250 });
    expect(dataOf<WorkDetail>(await owner.call('PATCH', `/api/model/${work.uid}/attr`, 'openInOfficial=true'))).toMatchObject({
      status: 'exposed',
      openInOfficial: true,
    });
    expect(dataOf<MyMarketListing>(await owner.call('DELETE', `/api/model/${work.uid}/market`))).toMatchObject({
      status: 'off',
      offReason: 'seller',
    });
    expect(dataOf<WorkDetail>(await owner.call('GET', `/api/model/${work.uid}`))).toMatchObject({ status: 'exposed', marketPrice: null });
    expect(dataOf<WorkDetail>(await owner.call('PATCH', `/api/model/${work.uid}/attr`, 'openInOfficial=false'))).toMatchObject({
      status: 'passed',
    });

    // Changing what was reviewed needs a new review, and takes the work off the showcase.
    await owner.call('PATCH', `/api/model/${work.uid}/attr`, 'openInOfficial=true');
    const renamed = dataOf<WorkDetail>(await owner.call('PATCH', `/api/model/${work.uid}/attr`, { name: '新版本' }));
    expect(renamed).toMatchObject({ status: 'published', openInOfficial: false, version: work.version + 1 });
  });

  it('refuses the showcase and the market to works that did not pass review, and review to strangers', async () => {
    const work = await publishedWork(testApp.app, owner);
    const showcase = await owner.call('PATCH', `/api/model/${work.uid}/attr`, 'openInOfficial=true');
    expect(showcase.statusCode).toBe(409);
    expect(json(showcase).msg).toContain('已发布');
    expect((await owner.call('PUT', `/api/model/${work.uid}/market`, 'price=5')).statusCode).toBe(409);
    expect((await stranger.call('POST', `/api/model/${work.uid}/audit`)).statusCode).toBe(403);
    const draft = await createWork(owner);
    expect(json(await owner.call('POST', `/api/model/${draft.uid}/audit`)).code).toBe(WorkErrors.workTransitionNotAllowed.code);
    expect(await statusOf(draft.uid)).toBe('unpublished');
  });

  it('answers the transition refusal in English when asked', async () => {
    const draft = await createWork(owner);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/model/${draft.uid}/audit`,
      headers: { 'auth-token': owner.token, cookie: 'language=en' },
    });
    expect(json(response).msg).toBe('This cannot be done while the work is unpublished');
  });
});

describe('GET /api/model/{uid}/share', () => {
  it('gives the public link and an embed code for an online work only', async () => {
    const draft = await createWork(owner);
    expect((await owner.call('GET', `/api/model/${draft.uid}/share`)).statusCode).toBe(409);
    const work = await publishedWork(testApp.app, owner, 'A "quoted" <name>');
    const share = dataOf<WorkShare>(await owner.call('GET', `/api/model/${work.uid}/share`));
    expect(share.url).toBe(`https://spatia.test/details/${work.uid}`);
    expect(share.embedCode).toContain(`src="https://spatia.test/details/${work.uid}?embed=1"`);
    expect(share.embedCode).toContain('title="A &#34;quoted&#34; &#60;name&#62;"');
    expect((await stranger.call('GET', `/api/model/${work.uid}/share`)).statusCode).toBe(403);
  });
});

describe('upload credentials', () => {
  it('grants each asset kind with its accepted types and size limit', async () => {
    const work = await createWork(owner, { type: 'pointcloud' });
    const origin = await uploadGrant(owner, work.uid, 'origin');
    expect(origin).toMatchObject({ endpoint: '/api/tus', kind: 'origin', maxBytes: 50 * 1024 ** 3 });
    expect(origin.accept).toContain('application/vnd.las');
    expect((await uploadGrant(owner, work.uid, 'cover')).accept).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect((await uploadGrant(owner, work.uid, 'slr')).kind).toBe('slr');
    expect((await uploadGrant(owner, work.uid, 'coverVideo')).accept).toContain('video/mp4');
    expect(origin.grant).toMatch(/^[\w-]{32}$/);
    expect(origin.expiresAt).toBeGreaterThan(Date.now());
  });

  it("refuses someone else's work and unknown works", async () => {
    const work = await createWork(owner);
    for (const path of ['origin/uploadCredentials', 'uploadCredentials', 'origin/SLR/uploadCredentials', 'coverVideo/uploadCredentials']) {
      expect((await stranger.call('GET', `/api/model/${work.uid}/${path}`)).statusCode).toBe(404);
    }
    expect((await owner.call('GET', '/api/model/no-such-work/uploadCredentials')).statusCode).toBe(404);
  });

  it('removes an asset, and a removed cover leaves the work incomplete', async () => {
    const work = await completeWork(testApp.app, owner);
    const detail = dataOf<WorkDetail>(await owner.call('GET', `/api/model/${work.uid}`));
    const cover = detail.assets.find((asset) => asset.kind === 'cover')!;
    expect((await stranger.call('DELETE', `/api/model/${work.uid}/assets/${cover.id}`)).statusCode).toBe(404);
    const after = dataOf<WorkDetail>(await owner.call('DELETE', `/api/model/${work.uid}/assets/${cover.id}`));
    expect(after.coverUrl).toBe('');
    expect(after.assets.some((asset) => asset.kind === 'cover')).toBe(false);
    expect((await owner.call('DELETE', `/api/model/${work.uid}/assets/${cover.id}`)).statusCode).toBe(404);
  });

  it('resolves a grant once: a second attach with the same grant is refused', async () => {
    const work = await createWork(owner);
    const grant: AssetUploadGrant = await uploadGrant(owner, work.uid, 'slr');
    const { workAssets, storage } = testApp.app.services;
    const resolved = (await workAssets.resolveGrant(grant.grant))!;
    expect(resolved).toMatchObject({ userId: owner.id, accept: grant.accept });
    await storage.put('assets/aa/slr-test', Buffer.from('zip'), 'application/zip');
    const file = { key: 'assets/aa/slr-test', size: 3, contentType: 'application/zip', sha256: 'a'.repeat(64) };
    await workAssets.attach(resolved.grantId, file);
    await expect(workAssets.attach(resolved.grantId, file)).rejects.toMatchObject({ code: UploadErrors.uploadGrantInvalid.code });
    expect(await workAssets.resolveGrant(grant.grant)).toBeUndefined();
    expect(await workAssets.resolveGrant('not-a-grant')).toBeUndefined();
  });
});
