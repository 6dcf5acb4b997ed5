import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { panoramaTilePath, type Tour, type WorkProcessing, type WorkVerification, ProcessingErrors, TourErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { attachAsset, createWork, type Person, processedPanorama, publishedWork } from '../../test/works-fixtures.js';
import { rowsOf } from '../../db/database.js';
import type { ProcessingRepository, RunLease } from './processing.repository.js';

let testApp: TestApp;
let owner: Person;
let stranger: Person;
let panorama: Buffer;

beforeAll(async () => {
  ({ testApp, owner, stranger } = await appWithPeople(
    { owner: { name: 'Owner' }, stranger: { name: 'Stranger' } },
    { PROCESSING_LEASE_SECONDS: '2' },
  ));
  panorama = await renderSyntheticPanorama({ width: 2048, height: 1024 });
});
afterAll(() => testApp.close());

const drain = () => testApp.app.services.jobs.drain(['processing.run', 'processing.deleteRun']);

async function panoramaWork(name = '全景样板间', origins: Buffer[] = [panorama]) {
  const work = await createWork(owner, { name });
  for (const origin of origins) await attachAsset(testApp.app, owner, work.uid, 'origin', origin, 'image/jpeg');
  return work;
}

const processingOf = async (uid: string, as = owner) => dataOf<WorkProcessing>(await as.call('GET', `/api/model/${uid}/processing`));

describe('POST /api/model/{id}/activateSolver', () => {
  it('queues the work, and the job turns its panorama into a tiled scene with a cover', async () => {
    const work = await panoramaWork();
    const queued = await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    expect(queued.statusCode).toBe(200);
    expect(dataOf<WorkProcessing>(queued)).toMatchObject({ state: 'queued', progress: 0, failure: null });

    expect(await drain()).toMatchObject({ failed: 0 });
    const done = await processingOf(work.uid);
    expect(done).toMatchObject({ state: 'done', stage: null, progress: 1, sceneCount: 1, attempts: 1, failure: null });
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.startedAt!);

    const tour = dataOf<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`));
    expect(tour.scenes).toHaveLength(1);
    const [scene] = tour.scenes;
    expect(scene!.panorama.levels.at(-1)).toEqual({ faceSize: 512, nbTiles: 1 });
    const tile = await testApp.app.inject({ method: 'GET', url: scene!.baseUrl + panoramaTilePath(0, 'front', 0, 0) });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(tile.rawPayload).metadata()).width).toBe(512);

    const detail = dataOf<{ coverUrl: string }>(await owner.call('GET', `/api/model/${work.uid}`));
    expect(detail.coverUrl).toMatch(/^\/files\/covers\/.+\.webp$/);
  });

  it('refuses a second run while one is queued, and other people', async () => {
    const work = await panoramaWork();
    await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    const twice = await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    expect(twice.statusCode).toBe(409);
    expect(json(twice).code).toBe(ProcessingErrors.processingRunning.code);
    await drain();

    // Other types are processed too (point-clouds.api.test.ts), but have no tour.
    const model = await createWork(owner, { type: 'model3d' });
    const wrongType = await owner.call('GET', `/api/model/${model.uid}/tour`);
    expect(wrongType.statusCode).toBe(409);
    expect(json(wrongType).code).toBe(TourErrors.notAPanorama.code);

    expect((await stranger.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/model/${work.uid}/processing`)).statusCode).toBe(404);
    const online = await publishedWork(testApp.app, owner);
    expect((await stranger.call('POST', `/api/model/${online.uid}/activateSolver`)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'POST', url: `/api/model/${work.uid}/activateSolver` })).statusCode).toBe(401);
  });

  it('refuses a work with no original file before queuing anything, in the caller language', async () => {
    const work = await createWork(owner, { name: '空作品' });
    expect(await processingOf(work.uid)).toMatchObject({ state: 'idle', hasOrigin: false });

    const refused = await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({
      code: ProcessingErrors.processingNoOrigin.code,
      msg: expect.stringContaining('原始文件') as string,
    });
    const inEnglish = await testApp.app.inject({
      method: 'POST',
      url: `/api/model/${work.uid}/activateSolver`,
      headers: { 'auth-token': owner.token, cookie: 'language=en' },
    });
    expect(json(inEnglish).msg).toContain('original file');
    // Nothing was queued: no run, so nothing can fail a moment later.
    expect(await processingOf(work.uid)).toMatchObject({ state: 'idle', attempts: 0, hasOrigin: false });
    // Another person learns nothing about the work, not even what it lacks.
    expect((await stranger.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(404);

    await attachAsset(testApp.app, owner, work.uid, 'origin', panorama, 'image/jpeg');
    expect(await processingOf(work.uid)).toMatchObject({ state: 'idle', hasOrigin: true });
    const queued = await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    expect(dataOf<WorkProcessing>(queued)).toMatchObject({ state: 'queued', hasOrigin: true });
    await drain();
  });

  it('fails with a reason a person can act on, in their language, and a retry after a fix succeeds', async () => {
    const notPanorama = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const work = await panoramaWork('坏全景', [notPanorama]);
    const counted = { failed: await runsCounted('failed'), published: await runsCounted('published') };
    await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    await drain();
    expect(await runsCounted('failed')).toBe(counted.failed + 1);
    const failed = await testApp.app.inject({
      method: 'GET',
      url: `/api/model/${work.uid}/processing`,
      headers: { 'auth-token': owner.token, cookie: 'language=en' },
    });
    expect(dataOf<WorkProcessing>(failed)).toMatchObject({
      state: 'failed',
      failure: { reason: 'notEquirectangular', fileName: 'origin.bin' },
    });
    expect(dataOf<WorkProcessing>(failed).failure!.message).toContain('2:1 panorama');
    expect((await processingOf(work.uid)).failure!.message).toContain('全景图');

    const [bad] = dataOf<{ assets: { id: number; kind: string }[] }>(await owner.call('GET', `/api/model/${work.uid}`)).assets.filter(
      (asset) => asset.kind === 'origin',
    );
    await owner.call('DELETE', `/api/model/${work.uid}/assets/${bad!.id}`);
    await attachAsset(testApp.app, owner, work.uid, 'origin', panorama, 'image/jpeg');
    expect((await owner.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(200);
    await drain();
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done', failure: null, sceneCount: 1 });
    expect(await runsCounted('published')).toBe(counted.published + 1);
  });

  it('a run that fails unexpectedly is retried and resumes after the scenes it finished', async () => {
    const second = await renderSyntheticPanorama({ width: 2048, height: 1024, label: '卧室 Bedroom' });
    const work = await panoramaWork('两个场景', [panorama, second]);
    const origins = dataOf<{ assets: { id: number; kind: string }[] }>(await owner.call('GET', `/api/model/${work.uid}`)).assets.filter(
      (asset) => asset.kind === 'origin',
    );
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
    expect(dataOf<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`)).scenes.map((scene) => scene.name)).toEqual([
      'origin',
      'origin',
    ]);
  });
});

describe('a run and its lease', () => {
  it('is taken by one job only; another job for the same run does nothing while the lease lives', async () => {
    const work = await panoramaWork();
    await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    const { processingJobs } = testApp.app.services;
    const row = await processingRow(work.uid);
    const repository = (processingJobs as unknown as { repository: ProcessingRepository }).repository;
    const lease = { workId: row.workId, runId: row.runId!, jobId: randomUUID() };
    expect(await repository.claim(lease, new Date(Date.now() + 60_000))).toBeDefined();
    expect(await repository.claim({ ...lease, jobId: randomUUID() }, new Date(Date.now() + 60_000))).toBeUndefined();
    // Once the holder stops renewing, the lease runs out and the run can be taken over.
    await repository.heartbeat(lease, { stage: 'tiles', progress: 0.5, points: null }, new Date(Date.now() - 1000));
    expect(await processingJobs.reviveStalled()).toBe(1);
    await drain();
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done' });
  });
});

describe('a run whose worker died', () => {
  it('is queued again with the dead job cancelled, and the next look is due when the next lease can run out', async () => {
    const { processingJobs } = testApp.app.services;
    const { db } = testApp.app.services.database;
    const repository = (processingJobs as unknown as { repository: ProcessingRepository }).repository;
    const runJobs = (runId: string) =>
      rowsOf<{ id: string; state: string }>(
        db,
        sql`select id, state from pgboss.job where name = 'processing.run' and data->>'runId' = ${runId} order by created_on`,
      );
    const waitingLooks = () =>
      rowsOf<{ start_after: Date }>(
        db,
        sql`select start_after from pgboss.job where name = 'processing.reviveStalled' and state = 'created' order by start_after`,
      );
    await db.execute(sql`delete from pgboss.job where name = 'processing.reviveStalled'`);

    // Two runs taken by workers (their jobs active): one worker stops renewing its lease, the other is alive.
    const [dead, alive] = [await panoramaWork(), await panoramaWork()];
    const leases = [];
    for (const work of [dead, alive]) {
      await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
      const row = await processingRow(work.uid);
      const [job] = await runJobs(row.runId!);
      await db.execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${job!.id}`);
      leases.push({ workId: row.workId, runId: row.runId!, jobId: job!.id });
    }
    const [deadLease, aliveLease] = leases as [RunLease, RunLease];
    expect(await repository.claim(deadLease, new Date(Date.now() - 1000))).toBeDefined();
    expect(await repository.claim(aliveLease, new Date(Date.now() + 30_000))).toBeDefined();

    expect(await processingJobs.reviveStalled()).toBe(1);
    // The dead worker's job will not be retried for nothing hours later; a new one takes the run over.
    expect((await runJobs(deadLease.runId)).map((job) => [job.id === deadLease.jobId, job.state])).toEqual([
      [true, 'cancelled'],
      [false, 'created'],
    ]);
    expect((await runJobs(aliveLease.runId)).map((job) => job.state)).toEqual(['active']);
    expect(await processingOf(dead.uid)).toMatchObject({ state: 'queued' });
    // The next look: a second after the live lease can run out, and only one waits however many are sent.
    const { leaseUntil } = await processingRow(alive.uid);
    expect(await processingJobs.reviveStalled()).toBe(0);
    const looks = await waitingLooks();
    expect(looks.map((look) => new Date(look.start_after).getTime() - leaseUntil!.getTime())).toEqual([1000]);

    // The new job finishes the dead worker's run, and its claim queued a look of its own; the other run is let go.
    await db.execute(sql`delete from pgboss.job where name = 'processing.reviveStalled'`);
    expect(await drain()).toMatchObject({ failed: 0 });
    expect(await processingOf(dead.uid)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await waitingLooks()).toHaveLength(1);
    await db.execute(sql`update pgboss.job set state = 'cancelled' where id = ${aliveLease.jobId}`);
    expect((await owner.call('POST', `/api/model/${alive.uid}/reset`)).statusCode).toBe(200);
  });
});

async function processingRow(uid: string) {
  const work = await testApp.app.services.works.findByUid(uid);
  const row = await (testApp.app.services.processing as unknown as { repository: ProcessingRepository }).repository.find(work!.id);
  return row!;
}

describe('POST /api/model/{id}/reset and verify', () => {
  it('verify tells where processing stands; reset forgets it and deletes the derived files', async () => {
    const work = await processedPanorama(testApp.app, owner, [panorama]);
    const verification = dataOf<WorkVerification>(await owner.call('POST', `/api/model/${work.uid}/verify`));
    expect(verification.processing).toMatchObject({ state: 'done', sceneCount: 1 });
    const tour = dataOf<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`));
    const tileUrl = tour.scenes[0]!.baseUrl + panoramaTilePath(0, 'front', 0, 0);

    expect((await stranger.call('POST', `/api/model/${work.uid}/reset`)).statusCode).toBe(404);
    expect((await owner.call('POST', `/api/model/${work.uid}/reset`)).statusCode).toBe(200);
    await drain();
    expect((await owner.call('POST', `/api/model/${work.uid}/verify`)).json().data.processing).toMatchObject({
      state: 'idle',
      sceneCount: 0,
    });
    expect((await testApp.app.inject({ method: 'GET', url: tileUrl })).statusCode).toBe(404);
    const gone = await owner.call('GET', `/api/model/${work.uid}/tour`);
    expect(gone.statusCode).toBe(409);
    expect(json(gone).code).toBe(ProcessingErrors.workNotProcessed.code);
  });
});

/** Panorama runs the metrics counted with this outcome so far. */
async function runsCounted(outcome: string): Promise<number> {
  const { text } = await testApp.app.services.metrics.exposition();
  const line = new RegExp(`^spatia_processing_run_seconds_count\\{type="panorama",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text);
  return Number(line?.[1] ?? 0);
}
