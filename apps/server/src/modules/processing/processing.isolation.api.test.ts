import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { AssetContentType, type WorkProcessing } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { processTag } from '../../lib/process-identity.js';
import { MEMORY_FILESYSTEM } from '../../lib/memory-scratch.js';
import { MediaProcess } from '../../media/isolated/isolated-media.js';
import type { MediaTask } from '../../media/isolated/media-tasks.js';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app.js';
import { attachAsset, createWork, person, type Person } from '../../test/works-fixtures.js';
import { buildRawZip } from '../../test/zip-fixtures.js';
import type { ProcessingRepository } from './processing.repository.js';
import { PROCESSING_CRASH_LIMIT } from './processing.service.js';

/**
 * Processing runs its media work in a process of its own (media/isolated/): hostile or broken files
 * fail their run with a reason, never the server; runs whose processes keep dying end; what dead
 * processes left is swept at start. docs/processing.md, "Isolation".
 */
let testApp: TestApp;
let owner: Person;
let panorama: Buffer;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-isolation-'));
const scratchDir = path.join(dataDir, 'tmp', 'processing');
/** A process id above Linux's largest: a process that is certainly gone. */
const GONE_PID = 2 ** 22 + 17;
const goneTag = processTag({ pid: GONE_PID, started: 12345 });
const memoryLeftover = path.join(MEMORY_FILESYSTEM, `spatia-panorama-${goneTag}-${randomBytes(3).toString('hex')}`);
const hasMemoryFilesystem = existsSync(MEMORY_FILESYSTEM);

beforeAll(async () => {
  // What a server killed mid-run leaves: its run's scratch folder and its decoded source in memory.
  mkdirSync(path.join(scratchDir, `r1dead-${goneTag}-a1b2c3`, 'sources'), { recursive: true });
  writeFileSync(path.join(scratchDir, `r1dead-${goneTag}-a1b2c3`, 'sources', 'half.jpg'), Buffer.alloc(4096));
  if (hasMemoryFilesystem) {
    mkdirSync(memoryLeftover);
    writeFileSync(path.join(memoryLeftover, 'source.v'), Buffer.alloc(4096));
  }
  testApp = await createTestApp({ DATA_DIR: dataDir, PROCESSING_LEASE_SECONDS: '2' });
  await testApp.app.ready();
  owner = await person(testApp.app, { name: 'Owner' });
  panorama = await renderSyntheticPanorama({ width: 2048, height: 1024 });
});
afterAll(async () => {
  await testApp.close();
  rmSync(memoryLeftover, { recursive: true, force: true });
});

const drain = () => testApp.app.services.jobs.drain(['processing.run', 'processing.deleteRun']);
const processingOf = async (uid: string, language = 'zh') =>
  dataOf<WorkProcessing>(
    await testApp.app.inject({
      method: 'GET',
      url: `/api/model/${uid}/processing`,
      headers: { 'auth-token': owner.token, cookie: `language=${language}` },
    }),
  );
const healthy = async () => (await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
const repository = () => (testApp.app.services.processing as unknown as { repository: ProcessingRepository }).repository;

async function activatedZip(zip: Buffer) {
  const work = await createWork(owner, { name: '压缩包' });
  await attachAsset(testApp.app, owner, work.uid, 'origin', zip, AssetContentType.zip);
  expect((await owner.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(200);
  return work;
}

describe('a start', () => {
  it('sweeps what runs of dead processes left in DATA_DIR/tmp and on the memory filesystem', () => {
    expect(readdirSync(scratchDir)).toEqual([]);
    if (hasMemoryFilesystem) expect(existsSync(memoryLeftover)).toBe(false);
  });
});

describe('hostile panorama zips', () => {
  it('an entry holding more than its header says (the 2.9 KB zip that took the server down) fails as unsafeArchive, and the API keeps answering', async () => {
    // Deflated bytes that inflate to 2,800 while both headers say 1,024: yauzl's "too many bytes in the
    // stream" was emitted on a stream nobody listened to yet, and the process died.
    const zip = buildRawZip([{ name: 'a.jpg', data: randomBytes(2800), claimedSize: 1024, deflate: true }]);
    expect(zip.length).toBeGreaterThan(2800);
    expect(zip.length).toBeLessThan(3000);
    const work = await activatedZip(zip);
    const started = Date.now();
    expect(await drain()).toMatchObject({ failed: 0 });
    const failed = await processingOf(work.uid, 'en');
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, failure: { reason: 'unsafeArchive', fileName: 'origin.bin' } });
    expect(failed.failure!.message).toContain('was refused');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await healthy()).toBe(200);
  });

  it('a zip bomb is refused as unsafeArchive within seconds, without filling the disk', async () => {
    // 64 MiB of zeros under an image's name: about 64 KB deflated, a ratio of 1,000.
    const zeros = Buffer.alloc(64 * 1024 ** 2);
    const zip = buildRawZip([
      { name: 'a.jpg', data: panorama, deflate: true },
      { name: 'b.jpg', data: zeros, deflate: true },
    ]);
    expect(zip.length).toBeLessThan(panorama.length + 200_000);
    const work = await activatedZip(zip);
    const started = Date.now();
    await drain();
    expect(await processingOf(work.uid)).toMatchObject({
      state: 'failed',
      attempts: 1,
      failure: { reason: 'unsafeArchive', fileName: 'origin.bin' },
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(readdirSync(scratchDir)).toEqual([]);
  });

  it.each([
    ['a ../ path', '../escape.jpg'],
    ['an absolute path', '/etc/escape.jpg'],
  ])('%s is refused as unsafeArchive at once, not retried as an internal error', async (_label, name) => {
    const work = await activatedZip(buildRawZip([{ name, data: panorama }]));
    await drain();
    const failed = await processingOf(work.uid);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, failure: { reason: 'unsafeArchive' } });
    expect(failed.failure!.message).toContain('不安全');
  });

  it('a good zip of panoramas is still cut into its scenes, in name order', async () => {
    const second = await renderSyntheticPanorama({ width: 2048, height: 1024, label: '卧室' });
    const zip = buildRawZip([
      { name: 'rooms/b-bedroom.jpg', data: second },
      { name: 'rooms/a-living.jpg', data: panorama, deflate: true },
      { name: '__MACOSX/rooms/._a-living.jpg', data: Buffer.alloc(10) },
      { name: 'notes.txt', data: Buffer.from('not a panorama') },
    ]);
    const work = await activatedZip(zip);
    await drain();
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done', sceneCount: 2 });
    const tour = dataOf<{ scenes: { name: string }[] }>(await owner.call('GET', `/api/model/${work.uid}/tour`));
    expect(tour.scenes.map((scene) => scene.name)).toEqual(['a-living', 'b-bedroom']);
  });
});

describe('a media process that dies', () => {
  it('fails its attempt only; the API keeps answering, and the run fails as crashed at the limit', async () => {
    const crashes: MediaTask[] = [
      { kind: 'crash', how: 'exit' },
      { kind: 'crash', how: 'kill' },
      { kind: 'crash', how: 'uncaught' },
    ];
    expect(crashes).toHaveLength(PROCESSING_CRASH_LIMIT);
    const original = MediaProcess.prototype.run;
    // Each attempt's scene dies a different way: an exit, a SIGKILL (as out of memory), an exception nobody catches.
    const run = vi.spyOn(MediaProcess.prototype, 'run').mockImplementation(function (this: MediaProcess, task, options) {
      const crash = task.kind === 'panoramaScene' ? { ...crashes.shift()!, fileName: path.basename(task.source) } : task;
      return original.call(this, crash, options);
    });
    try {
      const work = await createWork(owner, { name: '崩溃' });
      await attachAsset(testApp.app, owner, work.uid, 'origin', panorama, 'image/jpeg');
      const activated = Date.now();
      await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
      for (let attempt = 1; attempt <= PROCESSING_CRASH_LIMIT; attempt += 1) {
        expect(await drain()).toMatchObject({ failed: attempt < PROCESSING_CRASH_LIMIT ? 1 : 0 });
        expect(await healthy()).toBe(200);
        if (attempt < PROCESSING_CRASH_LIMIT) {
          expect(await processingOf(work.uid)).toMatchObject({ state: 'queued', attempts: attempt });
          await new Promise((resolve) => setTimeout(resolve, 2100)); // the retry's delay
        }
      }
      const failed = await processingOf(work.uid, 'en');
      console.log(
        `a run whose media process dies at every attempt: failed after ${Date.now() - activated} ms (${PROCESSING_CRASH_LIMIT} attempts, 2 s apart)`,
      );
      expect(failed).toMatchObject({
        state: 'failed',
        attempts: PROCESSING_CRASH_LIMIT,
        failure: { reason: 'crashed', fileName: 'origin.bin' },
      });
      expect(failed.failure!.message).toContain('stopped unexpectedly several times while working on "origin.bin"');
      expect((await processingOf(work.uid)).failure!.message).toContain('多次意外中止');
      expect(crashes).toEqual([]);
    } finally {
      run.mockRestore();
    }
    expect(readdirSync(scratchDir)).toEqual([]);
  });

  it('a run whose worker keeps dying mid-run (found with its lease run out) fails as crashed instead of being revived for ever', async () => {
    const work = await createWork(owner, { name: '反复重启' });
    await attachAsset(testApp.app, owner, work.uid, 'origin', panorama, 'image/jpeg');
    await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
    const row = (await repository().find((await testApp.app.services.works.findByUid(work.uid))!.id))!;
    for (let death = 1; death <= PROCESSING_CRASH_LIMIT; death += 1) {
      // A worker takes the run and dies: its lease runs out, and the minute's check finds it.
      const lease = { workId: row.workId, runId: row.runId!, jobId: randomUUID() };
      expect(await repository().claim(lease, new Date(Date.now() + 60_000))).toBeDefined();
      await repository().heartbeat(lease, { stage: 'tiles', progress: 0.4, points: null }, new Date(Date.now() - 1000));
      expect(await testApp.app.services.processingJobs.reviveStalled()).toBe(1);
      expect(await processingOf(work.uid)).toMatchObject({ state: death < PROCESSING_CRASH_LIMIT ? 'queued' : 'failed' });
    }
    const failed = await processingOf(work.uid, 'en');
    expect(failed).toMatchObject({ state: 'failed', failure: { reason: 'crashed', fileName: null } });
    expect(failed.failure!.message).toBe(
      'Processing stopped unexpectedly several times, so it was not retried again. Check the uploaded files and retry; if it fails again, contact support',
    );
    // The jobs the revivals queued find nothing to do.
    expect(await drain()).toMatchObject({ failed: 0 });
    expect(await processingOf(work.uid)).toMatchObject({ state: 'failed' });
    // A new run starts with a clean count.
    expect((await owner.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(200);
    await drain();
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done', sceneCount: 1 });
  });
});
