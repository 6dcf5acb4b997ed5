import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ErrorCode, panoramaTilePath, type Tour, type TourUpdate, type WorkProcessing, type WorkVerification } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { attachAsset, createWork, person, publishedWork, type Person } from '../../test/works-fixtures.js';
import { readZipEntries } from '../../test/zip-fixtures.js';

let testApp: TestApp;
let owner: Person;
let stranger: Person;
let panorama: Buffer;
const viewerDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-viewer-'));

beforeAll(async () => {
  writeFileSync(path.join(viewerDir, 'index.html'), '<!doctype html><title>viewer</title>');
  testApp = await createTestApp({ VIEWER_DIST_DIR: viewerDir, PROCESSING_LEASE_SECONDS: '2' });
  owner = await person(testApp.app, { name: 'Owner' });
  stranger = await person(testApp.app, { name: 'Stranger' });
  panorama = await renderSyntheticPanorama({ width: 2048, height: 1024 });
});
afterAll(() => testApp.close());

const data = <T>(response: Awaited<ReturnType<Person['call']>>) => json<{ data: T }>(response).data;
const drain = () => testApp.app.services.jobs.drain(['processing.run', 'processing.deleteRun']);

async function panoramaWork(name = '全景样板间', origins: Buffer[] = [panorama]) {
  const work = await createWork(owner, { name });
  for (const origin of origins) await attachAsset(testApp.app, owner, work.uid, 'origin', origin, 'image/jpeg');
  return work;
}

async function processed(name?: string, origins?: Buffer[]) {
  const work = await panoramaWork(name, origins);
  expect((await owner.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(200);
  await drain();
  return work;
}

const processingOf = async (uid: string, as = owner) => data<WorkProcessing>(await as.call('GET', `/api/model/${uid}/processing`));

describe('POST /api/model/{id}/activateSolver', () => {
  it('queues the work, and the job turns its panorama into a tiled scene with a cover', async () => {
    const work = await panoramaWork();
    const queued = await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    expect(queued.statusCode).toBe(200);
    expect(data<WorkProcessing>(queued)).toMatchObject({ state: 'queued', progress: 0, failure: null });

    expect(await drain()).toMatchObject({ failed: 0 });
    const done = await processingOf(work.uid);
    expect(done).toMatchObject({ state: 'done', stage: null, progress: 1, sceneCount: 1, attempts: 1, failure: null });
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.startedAt!);

    const tour = data<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`));
    expect(tour.scenes).toHaveLength(1);
    const [scene] = tour.scenes;
    expect(scene!.panorama.levels.at(-1)).toEqual({ faceSize: 512, nbTiles: 1 });
    const tile = await testApp.app.inject({ method: 'GET', url: scene!.baseUrl + panoramaTilePath(0, 'front', 0, 0) });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(tile.rawPayload).metadata()).width).toBe(512);

    const detail = data<{ coverUrl: string }>(await owner.call('GET', `/api/model/${work.uid}`));
    expect(detail.coverUrl).toMatch(/^\/files\/covers\/.+\.webp$/);
  });

  it('refuses a second run while one is queued, and other people', async () => {
    const work = await panoramaWork();
    await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    const twice = await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    expect(twice.statusCode).toBe(409);
    expect(json(twice).code).toBe(ErrorCode.processingRunning);
    await drain();

    // Other types are processed too (spatial.api.test.ts), but have no tour.
    const model = await createWork(owner, { type: 'model3d' });
    const wrongType = await owner.call('GET', `/api/model/${model.uid}/tour`);
    expect(wrongType.statusCode).toBe(409);
    expect(json(wrongType).code).toBe(ErrorCode.notAPanorama);

    expect((await stranger.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/model/${work.uid}/processing`)).statusCode).toBe(404);
    const online = await publishedWork(testApp.app, owner);
    expect((await stranger.call('POST', `/api/model/${online.uid}/activateSolver`)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/model/${work.uid}/activateSolver` })).statusCode).toBe(401);
  });

  it('fails with a reason a person can act on, in their language, and a retry after a fix succeeds', async () => {
    const notPanorama = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const work = await panoramaWork('坏全景', [notPanorama]);
    await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    await drain();
    const failed = await testApp.app.inject({ method: 'GET', url: `/api/model/${work.uid}/processing`, headers: { 'auth-token': owner.token, cookie: 'language=en' } });
    expect(data<WorkProcessing>(failed)).toMatchObject({
      state: 'failed',
      failure: { reason: 'notEquirectangular', fileName: 'origin.bin' },
    });
    expect(data<WorkProcessing>(failed).failure!.message).toContain('2:1 panorama');
    expect((await processingOf(work.uid)).failure!.message).toContain('全景图');

    const [bad] = data<{ assets: { id: number; kind: string }[] }>(await owner.call('GET', `/api/model/${work.uid}`)).assets.filter((asset) => asset.kind === 'origin');
    await owner.call('DELETE', `/api/model/${work.uid}/assets/${bad!.id}`);
    await attachAsset(testApp.app, owner, work.uid, 'origin', panorama, 'image/jpeg');
    expect((await owner.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(200);
    await drain();
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done', failure: null, sceneCount: 1 });
  });

  it('a run that fails unexpectedly is retried and resumes after the scenes it finished', async () => {
    const second = await renderSyntheticPanorama({ width: 2048, height: 1024, label: '卧室 Bedroom' });
    const work = await panoramaWork('两个场景', [panorama, second]);
    const origins = data<{ assets: { id: number; kind: string }[] }>(await owner.call('GET', `/api/model/${work.uid}`)).assets.filter((asset) => asset.kind === 'origin');
    const [firstScene, secondScene] = origins.map((asset) => `a${asset.id}`).sort();
    const sceneOf = (key: string) => key.split('/')[3];
    const storage = testApp.app.services.storage;
    const original = storage.putFile.bind(storage);
    let failedOnce = false;
    // The second scene's first upload fails once, as a storage outage would.
    const putFile = vi.spyOn(storage, 'putFile').mockImplementation(async (key, source, type) => {
      if (!failedOnce && sceneOf(key) === secondScene) {
        failedOnce = true;
        throw new Error('storage is unavailable');
      }
      return original(key, source, type);
    });
    try {
      await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
      expect(await drain()).toMatchObject({ failed: 1 });
      expect(await processingOf(work.uid)).toMatchObject({ state: 'queued', attempts: 1 });
      const uploadsBefore = putFile.mock.calls.length;

      await new Promise((resolve) => setTimeout(resolve, 2100)); // the retry's delay
      expect(await drain()).toMatchObject({ failed: 0 });
      const retried = putFile.mock.calls.slice(uploadsBefore).map(([key]) => sceneOf(key));
      expect(retried.length).toBeGreaterThan(0);
      expect(new Set(retried)).toEqual(new Set([secondScene]));
      expect(firstScene).not.toBe(secondScene);
    } finally {
      putFile.mockRestore();
    }
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done', attempts: 2, sceneCount: 2 });
    expect(data<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`)).scenes.map((scene) => scene.name)).toEqual(['origin', 'origin']);
  });
});

describe('a run and its lease', () => {
  it('is taken by one job only; another job for the same run does nothing while the lease lives', async () => {
    const work = await panoramaWork();
    await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    const { processing } = testApp.app.services;
    const row = await processingRow(work.uid);
    const repository = (processing as unknown as { repository: import('./processing.repository.js').ProcessingRepository }).repository;
    const lease = { workId: row.workId, runId: row.runId!, jobId: 'job-a' };
    expect(await repository.claim(lease, new Date(Date.now() + 60_000))).toBeDefined();
    expect(await repository.claim({ ...lease, jobId: 'job-b' }, new Date(Date.now() + 60_000))).toBeUndefined();
    // Once the holder stops renewing, the lease runs out and the run can be taken over.
    await repository.heartbeat(lease, { stage: 'tiles', progress: 0.5 }, new Date(Date.now() - 1000));
    expect(await processing.reviveStalled()).toBe(1);
    await drain();
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done' });
  });
});

async function processingRow(uid: string) {
  const work = await testApp.app.services.works.repository.findByUid(uid);
  const row = await (testApp.app.services.processing as unknown as { repository: import('./processing.repository.js').ProcessingRepository }).repository.find(work!.id);
  return row!;
}

describe('POST /api/model/{id}/reset and verify', () => {
  it('verify tells where processing stands; reset forgets it and deletes the derived files', async () => {
    const work = await processed();
    const verification = data<WorkVerification>(await owner.call('POST', `/api/model/${work.uid}/verify`));
    expect(verification.processing).toMatchObject({ state: 'done', sceneCount: 1 });
    const tour = data<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`));
    const tileUrl = tour.scenes[0]!.baseUrl + panoramaTilePath(0, 'front', 0, 0);

    expect((await stranger.call('POST', `/api/model/${work.uid}/reset`)).statusCode).toBe(404);
    expect((await owner.call('POST', `/api/model/${work.uid}/reset`)).statusCode).toBe(200);
    await drain();
    expect((await owner.call('POST', `/api/model/${work.uid}/verify`)).json().data.processing).toMatchObject({ state: 'idle', sceneCount: 0 });
    expect((await testApp.app.inject({ method: 'GET', url: tileUrl })).statusCode).toBe(404);
    const gone = await owner.call('GET', `/api/model/${work.uid}/tour`);
    expect(gone.statusCode).toBe(409);
    expect(json(gone).code).toBe(ErrorCode.workNotProcessed);
  });
});

describe('GET and PUT /api/model/{id}/tour', () => {
  let uid: string;
  let tour: Tour;
  beforeAll(async () => {
    const second = await renderSyntheticPanorama({ width: 2048, height: 1024, label: '卧室' });
    uid = (await processed('漫游', [panorama, second])).uid;
    tour = data<Tour>(await owner.call('GET', `/api/model/${uid}/tour`));
  });

  const update = (changes: Partial<TourUpdate> = {}): TourUpdate => ({
    revision: tour.revision,
    scenes: tour.scenes.map(({ baseUrl: _base, panorama: _panorama, ...settings }) => settings),
    autorotateDelay: tour.autorotateDelay,
    gallery: tour.gallery,
    musicAssetId: null,
    ...changes,
  });

  it('saves names, order, views and hotspots, and bumps the revision', async () => {
    const [living, bedroom] = tour.scenes;
    const scenes = [
      { ...bedroom!, name: '卧室', baseUrl: undefined, panorama: undefined },
      {
        ...living!,
        name: '客厅',
        initialView: { yaw: 30, pitch: -5 },
        fov: 60,
        hotspots: [
          { id: 'h1', kind: 'link' as const, yaw: 90, pitch: -10, targetSceneId: bedroom!.id, arrowYaw: 90, label: '' },
          { id: 'h2', kind: 'info' as const, yaw: -45, pitch: 0, title: '落地窗', text: '南向采光', imageUrl: '', linkUrl: 'https://example.com/window' },
        ],
      },
    ].map(({ baseUrl: _b, panorama: _p, ...settings }) => settings);
    const saved = await owner.call('PUT', `/api/model/${uid}/tour`, update({ scenes, autorotateDelay: 0, gallery: false }) as unknown as Record<string, unknown>);
    expect(saved.statusCode).toBe(200);
    const after = data<Tour>(saved);
    expect(after.revision).toBe(tour.revision + 1);
    expect(after.scenes.map((scene) => scene.name)).toEqual(['卧室', '客厅']);
    expect(after.scenes[1]).toMatchObject({ initialView: { yaw: 30, pitch: -5 }, fov: 60, hotspots: [{ id: 'h1' }, { id: 'h2' }] });
    expect(after).toMatchObject({ autorotateDelay: 0, gallery: false });
    tour = after;
  });

  it('refuses stale revisions, broken links, unsafe URLs, bad numbers and other people', async () => {
    const stale = await owner.call('PUT', `/api/model/${uid}/tour`, update({ revision: tour.revision - 1 }) as unknown as Record<string, unknown>);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).code).toBe(ErrorCode.tourRevisionStale);

    const withHotspot = (hotspot: Record<string, unknown>) => {
      const scenes = update().scenes.map((scene, index) => (index === 0 ? { ...scene, hotspots: [hotspot as never] } : scene));
      return owner.call('PUT', `/api/model/${uid}/tour`, update({ scenes }) as unknown as Record<string, unknown>);
    };
    const dead = await withHotspot({ id: 'x', kind: 'link', yaw: 0, pitch: 0, targetSceneId: 'a999', arrowYaw: 0, label: '' });
    expect(dead.statusCode).toBe(400);
    expect(json(dead).code).toBe(ErrorCode.tourInvalid);
    const script = await withHotspot({ id: 'y', kind: 'info', yaw: 0, pitch: 0, title: 't', text: '', imageUrl: '', linkUrl: 'javascript:alert(1)' });
    expect(json(script)).toMatchObject({ code: ErrorCode.tourInvalid, msg: '漫游设置有误：热点 y 的链接只能是 http(s) 地址或本站文件' });
    const outOfRange = await withHotspot({ id: 'z', kind: 'info', yaw: 400, pitch: 0, title: 't', text: '', imageUrl: '', linkUrl: '' });
    expect(outOfRange.statusCode).toBe(400);
    expect(json(outOfRange).code).toBe(ErrorCode.validation);
    const missingScene = await owner.call('PUT', `/api/model/${uid}/tour`, update({ scenes: update().scenes.slice(1) }) as unknown as Record<string, unknown>);
    expect(json(missingScene).code).toBe(ErrorCode.tourInvalid);
    const sensitive = await owner.call('PUT', `/api/model/${uid}/tour`, update({ scenes: update().scenes.map((scene) => ({ ...scene, name: '赌博' })) }) as unknown as Record<string, unknown>);
    expect(sensitive.statusCode).toBe(400);

    expect((await stranger.call('PUT', `/api/model/${uid}/tour`, update() as unknown as Record<string, unknown>)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/model/${uid}/tour`)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${uid}/tour` })).statusCode).toBe(404);
  });

  it('is public once the work is online, and takes background music from the work\'s music file', async () => {
    await attachAsset(testApp.app, owner, uid, 'cover', await sharp({ create: { width: 64, height: 32, channels: 3, background: '#369' } }).png().toBuffer(), 'image/png');
    expect((await owner.call('PUT', `/api/model/${uid}/onLined`, 'onLined=true')).statusCode).toBe(200);
    await attachAsset(testApp.app, owner, uid, 'music', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(200, 1)]), 'audio/mpeg');
    const music = data<{ assets: { id: number; kind: string }[] }>(await owner.call('GET', `/api/model/${uid}`)).assets.find((asset) => asset.kind === 'music')!;
    const saved = data<Tour>(await owner.call('PUT', `/api/model/${uid}/tour`, update({ musicAssetId: music.id }) as unknown as Record<string, unknown>));
    expect(saved.musicUrl).toMatch(new RegExp(`^/files/.+\\?w=${uid}$`));
    expect(saved.musicAssetId).toBe(music.id);
    tour = saved;
    const anonymous = await testApp.app.inject({ method: 'GET', url: `/api/model/${uid}/tour` });
    expect(anonymous.statusCode).toBe(200);
    expect(data<Tour>(anonymous).musicUrl).toBe(saved.musicUrl);
  });
});

describe('traffic', () => {
  it('counts the requests and bytes of every file served for a work, per day, for its owner only', async () => {
    const work = await processed();
    const tour = data<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`));
    const tile = await testApp.app.inject({ method: 'GET', url: tour.scenes[0]!.baseUrl + panoramaTilePath(0, 'front', 0, 0) });
    const thumb = await testApp.app.inject({ method: 'GET', url: `${tour.scenes[0]!.baseUrl}thumb.jpg`, headers: { range: 'bytes=0-99' } });
    expect(thumb.statusCode).toBe(206);
    const traffic = await owner.call('GET', `/api/model/${work.uid}/traffic?days=7`);
    expect(traffic.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(data(traffic)).toEqual({ days: [{ day: today, requests: 2, bytes: tile.rawPayload.length + 100 }], requests: 2, bytes: tile.rawPayload.length + 100 });
    expect((await stranger.call('GET', `/api/model/${work.uid}/traffic`)).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/model/${work.uid}/traffic?days=0`)).statusCode).toBe(400);
  });
});

describe('GET /api/model/{id}/offlinePackage', () => {
  it('streams a zip with the viewer, tour.json with relative paths, and every tile', async () => {
    const work = await processed('离线包');
    const response = await owner.call('GET', `/api/model/${work.uid}/offlinePackage`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('离线包.zip'));
    const entries = await readZipEntries(response.rawPayload);
    expect(entries.has('index.html')).toBe(true);
    expect(entries.has('README.txt')).toBe(true);
    const tour = JSON.parse(entries.get('tour.json')!.toString()) as Tour;
    const [scene] = tour.scenes;
    expect(scene!.baseUrl).toBe(`scenes/${scene!.id}/`);
    for (const file of ['preview.jpg', 'thumb.jpg', 'base/front.jpg', panoramaTilePath(scene!.panorama.levels.length - 1, 'bottom', 0, 0)]) {
      expect(entries.get(`scenes/${scene!.id}/${file}`)?.length, file).toBeGreaterThan(0);
    }
  });

  it('downloads without auth headers through a one-minute link, for that work only', async () => {
    const work = await processed('链接下载');
    const other = await processed('另一个');
    const issued = await owner.call('POST', `/api/model/${work.uid}/offlinePackage/ticket`);
    expect(issued.statusCode).toBe(200);
    const { url } = data<{ url: string; expiresAt: number }>(issued);
    const download = await testApp.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect((await readZipEntries(download.rawPayload)).has('tour.json')).toBe(true);

    const ticket = new URL(url, 'http://x').searchParams.get('ticket');
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${other.uid}/offlinePackage?ticket=${ticket}` })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${work.uid}/offlinePackage?ticket=forged` })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${work.uid}/offlinePackage` })).statusCode).toBe(401);
    expect((await stranger.call('POST', `/api/model/${work.uid}/offlinePackage/ticket`)).statusCode).toBe(404);
    const unprocessed = await panoramaWork();
    expect(json(await owner.call('POST', `/api/model/${unprocessed.uid}/offlinePackage/ticket`)).code).toBe(ErrorCode.workNotProcessed);
  });

  it('is refused before processing, for other types, and to other people', async () => {
    const unprocessed = await panoramaWork();
    expect(json(await owner.call('GET', `/api/model/${unprocessed.uid}/offlinePackage`)).code).toBe(ErrorCode.workNotProcessed);
    const model = await createWork(owner, { type: 'pointcloud' });
    expect(json(await owner.call('GET', `/api/model/${model.uid}/offlinePackage`)).code).toBe(ErrorCode.notAPanorama);
    expect((await stranger.call('GET', `/api/model/${unprocessed.uid}/offlinePackage`)).statusCode).toBe(404);
  });
});
