import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CUBE_FACES, type PanoramaManifest, type WorkProcessing } from '@spatia/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  bucketOf,
  call,
  cluster,
  clusterProcess,
  clusterState,
  createAccount,
  createWork,
  isRunning,
  killHard,
  query,
  signIn,
  uploadOrigin,
  waitFor,
  type ClusterProcess,
} from './support.js';

const state = clusterState();
const { LB } = state.addresses;
const WORKERS = ['worker-1', 'worker-2'];
/** Three scenes, so that the kill lands after the first is stored and before the run ends. */
const SCENES = ['one', 'two', 'three'];

interface ProcessingRow {
  state: string;
  run_id: string | null;
  lease_job_id: string | null;
  attempts: number;
  crashes: number;
  run_scenes: { id: string }[];
  published_run_id: string | null;
  published_scenes: { id: string; manifest: PanoramaManifest }[];
}

/** A 4096×2048 equirectangular JPEG (a gradient, a grid and a label): each cuts into 38 files in a few seconds. */
function panorama(label: string): Promise<Buffer> {
  const [width, height] = [4096, 2048];
  const grid = [
    ...Array.from({ length: width / 256 }, (_, index) => `<path d="M${index * 256} 0V${height}"/>`),
    ...Array.from({ length: height / 256 }, (_, index) => `<path d="M0 ${index * 256}H${width}"/>`),
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5d9bd8"/><stop offset="1" stop-color="#b98f5a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><g stroke="#fff" stroke-opacity="0.5" stroke-width="4">${grid}</g>
    <text x="${width / 2}" y="${height / 2}" font-size="360" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The files a scene's folder holds when it is complete (docs/processing.md, "What a scene holds"). */
function sceneFiles(manifest: PanoramaManifest): string[] {
  const tiles = manifest.levels.flatMap((level, index) =>
    CUBE_FACES.flatMap((face) =>
      Array.from(
        { length: level.nbTiles ** 2 },
        (_, tile) => `tiles/${index}/${face}/${tile % level.nbTiles}_${Math.floor(tile / level.nbTiles)}.jpg`,
      ),
    ),
  );
  return [...CUBE_FACES.map((face) => `base/${face}.jpg`), ...tiles, 'preview.jpg', 'thumb.jpg'];
}

async function processingRow(uid: string): Promise<ProcessingRow | undefined> {
  const [row] = await query<ProcessingRow>(state, `select p.* from work_processing p join works w on w.id = p.work_id where w.uid = $1`, [
    uid,
  ]);
  return row;
}

/** The media processes (`media-child`) a worker forked for its runs. */
function mediaProcessesOf(worker: ClusterProcess): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === worker.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('media-child');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const scratchOf = (worker: ClusterProcess) => path.join(worker.spec!.env.DATA_DIR!, 'tmp', 'processing');
const scratchFolders = (worker: ClusterProcess) => (existsSync(scratchOf(worker)) ? readdirSync(scratchOf(worker)) : []);

describe('a worker killed in the middle of processing', () => {
  // The killed worker comes back for the tests that follow, whatever happened here.
  afterAll(() => {
    for (const name of WORKERS) if (!isRunning(clusterProcess(name))) cluster('up', name);
  }, 120_000);

  it('is replaced by the other worker, which finishes the run once, and nothing half-written stays', { timeout: 150_000 }, async () => {
    const token = await signIn(LB, createAccount(state));
    const uid = await createWork(LB, token, 'panorama', 'Cluster crash');
    for (const label of SCENES) await uploadOrigin(LB, token, uid, `${label}.jpg`, await panorama(label));
    const activated = await call(LB, `/api/model/${uid}/activateSolver`, { method: 'POST', headers: authHeaders(token) });
    expect(activated.status, activated.body?.msg).toBe(200);

    // Midway: the first scene recorded, the run still going.
    const midway = await waitFor(
      () => processingRow(uid),
      (row) => !['queued', 'running'].includes(row?.state ?? 'queued') || row!.run_scenes.length > 0,
      60_000,
      100,
    );
    expect(midway?.state, 'the run ended before the worker could be killed').toBe('running');
    const runId = midway!.run_id!;
    // The worker holding the run: its scratch folder is named after the run and the process.
    const holder = WORKERS.map(clusterProcess).find((worker) => scratchFolders(worker).some((name) => name.startsWith(`${runId}-`)));
    expect(holder, 'no worker has a scratch folder of the run').toBeDefined();
    const survivor = WORKERS.map(clusterProcess).find((worker) => worker.name !== holder!.name)!;
    const media = mediaProcessesOf(holder!);
    expect(media.length).toBeGreaterThan(0);

    killHard(holder!);
    const killed = (await processingRow(uid))!;
    const deadJob = killed.lease_job_id!;
    // What the dead worker stored: the scenes it recorded are final, they must not be made again.
    const bucket = bucketOf(state);
    const storedAtKill = await bucket.list(`derived/${uid}/`);
    const finishedAtKill = new Set(killed.run_scenes.map((scene) => scene.id));
    expect(finishedAtKill.size).toBeGreaterThan(0);
    expect(finishedAtKill.size).toBeLessThan(SCENES.length);
    // The media process leaves with its parent.
    await waitFor(
      async () => media.filter((pid) => existsSync(`/proc/${pid}`)),
      (alive) => alive.length === 0,
      10_000,
    );

    const finished = await waitFor(
      async () => (await call<WorkProcessing>(LB, `/api/model/${uid}/processing`, { headers: authHeaders(token) })).body!.data!,
      (processing) => processing.state === 'done' || processing.state === 'failed',
      90_000,
      500,
    );
    expect(finished).toMatchObject({ state: 'done', sceneCount: SCENES.length, failure: null });
    // Two attempts in all: the killed one and the other worker's, which took the run over.
    const row = (await processingRow(uid))!;
    expect({ attempts: row.attempts, crashes: row.crashes, published: row.published_run_id }).toEqual({
      attempts: 2,
      crashes: 1,
      published: runId,
    });
    expect(isRunning(survivor)).toBe(true);
    // pg-boss: the dead worker's job no longer counts as running; the one that took over completed.
    const jobs = await query<{ id: string; state: string }>(
      state,
      `select id, state from pgboss.job where name = 'processing.run' and data->>'runId' = $1
       union all select id, state from pgboss.archive where name = 'processing.run' and data->>'runId' = $1`,
      [runId],
    );
    expect(jobs.map((job) => (job.id === deadJob ? `dead: ${job.state}` : job.state)).sort()).toEqual(['completed', 'dead: cancelled']);

    // The bucket holds exactly the published run's scenes, each complete, and nothing else of the work.
    const stored = await bucket.list(`derived/${uid}/`);
    const expected = row.published_scenes.flatMap((scene) =>
      sceneFiles(scene.manifest).map((file) => `derived/${uid}/${runId}/${scene.id}/${file}`),
    );
    expect([...stored.keys()].sort()).toEqual(expected.sort());
    expect(await bucket.unfinishedUploads(`derived/${uid}/`)).toEqual([]);
    // Scenes the dead worker had finished were not made again: their files are the ones it stored.
    const finishedKeys = [...storedAtKill.keys()].filter((key) => finishedAtKill.has(key.split('/')[3]!));
    expect(finishedKeys.length).toBe(finishedAtKill.size * (expected.length / SCENES.length));
    for (const key of finishedKeys) expect({ key, written: stored.get(key) }).toEqual({ key, written: storedAtKill.get(key) });
    bucket.close();

    // Started again, the killed worker removes what its run left on its disk.
    cluster('up', holder!.name);
    await waitFor(
      async () => scratchFolders(clusterProcess(holder!.name)).filter((name) => name.startsWith(`${runId}-`)),
      (left) => left.length === 0,
      30_000,
    );
  });
});
