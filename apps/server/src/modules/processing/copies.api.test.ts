import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AssetContentType,
  offlineImageScriptPath,
  panoramaTilePath,
  POINT_CLOUD_OCTREE_PATH,
  type Measurement,
  type PointCloudView,
  type Tour,
  type TourUpdate,
  type WorkDetail,
  type WorkProcessing,
} from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { writeSyntheticPointCloud } from '../../media/pointcloud/index.js';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app.js';
import { attachAsset, createWork, person, type Person, processedPanorama } from '../../test/works-fixtures.js';
import { runImageScript } from '../../test/offline-package-fixtures.js';
import { readZipEntries } from '../../test/zip-fixtures.js';

/** A copy shares its original's processed output (docs/work-lifecycle.md): no run, the same files, its own traffic. */

let testApp: TestApp;
let owner: Person;
let panorama: Buffer;
const viewerDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-viewer-'));

beforeAll(async () => {
  writeFileSync(path.join(viewerDir, 'index.html'), '<!doctype html><title>viewer</title>');
  testApp = await createTestApp({ VIEWER_DIST_DIR: viewerDir });
  owner = await person(testApp.app, { name: 'Owner' });
  panorama = await renderSyntheticPanorama({ width: 2048, height: 1024 });
});
afterAll(() => testApp.close());

const drain = () => testApp.app.services.jobs.drain(['processing.run', 'processing.deleteRun']);
const tourOf = async (uid: string) => dataOf<Tour>(await owner.call('GET', `/api/model/${uid}/tour`));
const firstTile = (tour: Tour) => tour.scenes[0]!.baseUrl + panoramaTilePath(0, 'front', 0, 0);
const fetchFile = (url: string) => testApp.app.inject({ method: 'GET', url });
/** Where the original's first tile is stored: a copy's files are these. */
const storedKey = (url: string) => url.replace(/^\/files\//, '');

async function copyOf(uid: string, language: 'zh' | 'en' = 'zh'): Promise<WorkDetail> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/model/${uid}/copy`,
    headers: { 'auth-token': owner.token, cookie: `language=${language}` },
  });
  expect(response.statusCode).toBe(200);
  return dataOf<WorkDetail>(response);
}

describe('copying a processed work', () => {
  it('opens the copy in the viewer at once, on the same files and settings, without a run', async () => {
    const original = await processedPanorama(testApp.app, owner, [panorama], '江景');
    const tour = await tourOf(original.uid);
    const update: TourUpdate = {
      revision: tour.revision,
      scenes: tour.scenes.map(({ baseUrl: _base, panorama: _panorama, ...settings }) => ({ ...settings, name: '客厅' })),
      autorotateDelay: 5,
      gallery: false,
      musicAssetId: null,
    };
    expect((await owner.call('PUT', `/api/model/${original.uid}/tour`, update as unknown as Record<string, unknown>)).statusCode).toBe(200);

    const copy = await copyOf(original.uid, 'en');
    expect(copy.name).toBe('江景 (copy)');
    expect(dataOf<WorkProcessing>(await owner.call('GET', `/api/model/${copy.uid}/processing`))).toMatchObject({
      state: 'done',
      sceneCount: 1,
    });
    expect(await drain()).toMatchObject({ completed: 0 });

    const copied = await tourOf(copy.uid);
    expect(copied).toMatchObject({
      workUid: copy.uid,
      autorotateDelay: 5,
      gallery: false,
      scenes: [expect.objectContaining({ name: '客厅' })],
    });
    // Asked for under the copy's own folder, served from the original's: the same bytes.
    expect(copied.scenes[0]!.baseUrl).toMatch(new RegExp(`^/files/derived/${copy.uid}/`));
    const [fromCopy, fromOriginal] = await Promise.all([fetchFile(firstTile(copied)), fetchFile(firstTile(await tourOf(original.uid)))]);
    expect(fromCopy.statusCode).toBe(200);
    expect(fromCopy.rawPayload.equals(fromOriginal.rawPayload)).toBe(true);

    // What the copy's viewers load is counted for the copy.
    const traffic = async (uid: string) =>
      dataOf<{ requests: number }>(await owner.call('GET', `/api/model/${uid}/traffic?days=1`)).requests;
    expect(await traffic(copy.uid)).toBe(1);
    expect(await traffic(original.uid)).toBe(1);

    const offline = await owner.call('GET', `/api/model/${copy.uid}/offlinePackage`);
    expect(offline.statusCode).toBe(200);
    const entries = await readZipEntries(offline.rawPayload);
    // The package carries each drawn image as a script handing over its bytes (docs/processing.md).
    const script = entries.get(offlineImageScriptPath(`scenes/${copied.scenes[0]!.id}/${panoramaTilePath(0, 'front', 0, 0)}`));
    const [dataUrl] = runImageScript(script!.toString());
    expect(Buffer.from(dataUrl!.replace('data:image/jpeg;base64,', ''), 'base64').equals(fromOriginal.rawPayload)).toBe(true);
  });

  it('keeps the files the copy shows when the original is reprocessed or purged; the last work to let go deletes them', async () => {
    const original = await processedPanorama(testApp.app, owner, [panorama]);
    const sharedTile = firstTile(await tourOf(original.uid));
    const copy = await copyOf(original.uid);
    const copyTile = firstTile(await tourOf(copy.uid));
    const { storage } = testApp.app.services;

    // The original moves on to a new run; the copy keeps showing the shared one.
    expect((await owner.call('POST', `/api/model/${original.uid}/activateSolver`)).statusCode).toBe(200);
    await drain();
    expect(firstTile(await tourOf(original.uid))).not.toBe(sharedTile);
    expect((await fetchFile(copyTile)).statusCode).toBe(200);

    // The original goes for good; the copy still opens.
    await owner.call('DELETE', `/api/model/${original.uid}`);
    expect((await owner.call('DELETE', `/api/model/${original.uid}/purge`)).statusCode).toBe(200);
    expect((await fetchFile(copyTile)).statusCode).toBe(200);
    expect(await storage.stat(storedKey(sharedTile))).toBeDefined();

    // A copy of the copy shares the same files; deleting the first copy leaves them to the second.
    const second = await copyOf(copy.uid);
    await owner.call('DELETE', `/api/model/${copy.uid}`);
    expect((await owner.call('DELETE', `/api/model/${copy.uid}/purge`)).statusCode).toBe(200);
    expect((await fetchFile(firstTile(await tourOf(second.uid)))).statusCode).toBe(200);

    // Reset, the last copy lets go of the run: its files are deleted.
    expect((await owner.call('POST', `/api/model/${second.uid}/reset`)).statusCode).toBe(200);
    await drain();
    expect(await storage.stat(storedKey(sharedTile))).toBeUndefined();
  });

  it('gives a copy of a point cloud its measurements and the same export', async () => {
    const lasPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'spatia-las-')), 'cloud.las');
    await writeSyntheticPointCloud(lasPath, { points: 5_000, seed: 3 });
    const cloud = await createWork(owner, { type: 'pointcloud', name: '地形' });
    await attachAsset(testApp.app, owner, cloud.uid, 'origin', readFileSync(lasPath), AssetContentType.las);
    await owner.call('POST', `/api/model/${cloud.uid}/activateSolver`);
    await drain();
    const { min, max } = dataOf<PointCloudView>(await owner.call('GET', `/api/model/${cloud.uid}/scene`)).manifest.bounds;
    const distance: Measurement = { id: 'm1', kind: 'distance', label: '路宽', points: [min, max] };
    expect((await owner.call('PUT', `/api/model/${cloud.uid}/measurements`, { revision: 0, measurements: [distance] })).statusCode).toBe(
      200,
    );

    const copy = await copyOf(cloud.uid);
    const scene = dataOf<PointCloudView>(await owner.call('GET', `/api/model/${copy.uid}/scene`));
    expect(scene.measurements.measurements).toEqual([distance]);
    expect((await fetchFile(scene.baseUrl + POINT_CLOUD_OCTREE_PATH)).statusCode).toBe(200);
    const exported = async (uid: string) => (await owner.call('GET', `/api/model/${uid}/pointCloud/las`)).rawPayload;
    expect((await exported(copy.uid)).equals(await exported(cloud.uid))).toBe(true);
  });

  it('shares nothing processing has not published: a copy of an unprocessed work is unprocessed', async () => {
    const created = dataOf<WorkDetail>(await owner.call('POST', '/api/model', { name: '待处理', type: 'panorama' }));
    const copy = await copyOf(created.uid);
    expect(dataOf<WorkProcessing>(await owner.call('GET', `/api/model/${copy.uid}/processing`))).toMatchObject({ state: 'idle' });
  });
});
