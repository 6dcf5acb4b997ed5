import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { panoramaTilePath, type Tour, type TourUpdate, ProcessingErrors, TourErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { CSP_META, HOSTILE, runImageScript, runTourScript, VIEWER_INDEX } from '../../test/offline-package-fixtures.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { attachAsset, createWork, type Person, processedPanorama, uploadGrant } from '../../test/works-fixtures.js';
import { readZipEntries } from '../../test/zip-fixtures.js';
import { withContentSecurityPolicy } from './offline-packages.service.js';

/**
 * Through the API: a scene named after its uploaded file and a hotspot edited with PUT /tour reach the
 * offline package only in tour.js; index.html is the viewer's, with the policy. offline-packages.test.ts
 * covers the policy itself without a database.
 */

let testApp: TestApp;
let owner: Person;
let stranger: Person;
let panorama: Buffer;
const viewerDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-viewer-'));

beforeAll(async () => {
  writeFileSync(path.join(viewerDir, 'index.html'), VIEWER_INDEX);
  writeFileSync(path.join(viewerDir, 'viewer.js'), 'console.log("viewer")');
  ({ testApp, owner, stranger } = await appWithPeople(
    { owner: { name: 'Owner' }, stranger: { name: 'Stranger' } },
    { VIEWER_DIST_DIR: viewerDir },
  ));
  panorama = await renderSyntheticPanorama({ width: 2048, height: 1024 });
});
afterAll(() => testApp?.close());

const JPEG_START = Buffer.from([0xff, 0xd8]);
const processed = (name: string) => processedPanorama(testApp.app, owner, [panorama], name);

async function panoramaWork() {
  const work = await createWork(owner, { name: '全景样板间' });
  await attachAsset(testApp.app, owner, work.uid, 'origin', panorama, 'image/jpeg');
  return work;
}

describe('GET /api/model/{id}/offlinePackage with names people typed', () => {
  it('carries the policy in index.html, and the names only in tour.js, as data', async () => {
    const work = await createWork(owner, { name: '"><svg onload=1>' });
    // The scene's default name comes from the uploaded file's name.
    await attachOrigin(work.uid, `${HOSTILE}.jpg`);
    expect((await owner.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(200);
    expect(await testApp.app.services.jobs.drain(['processing.run'])).toMatchObject({ failed: 0 });
    const tour = json<{ data: Tour }>(await owner.call('GET', `/api/model/${work.uid}/tour`)).data;
    expect(tour.scenes.map((scene) => scene.name)).toEqual([HOSTILE]);

    // And a label set through PUT /tour.
    const label = "'><iframe src=javascript:alert(4)>";
    const update: TourUpdate = {
      revision: tour.revision,
      scenes: tour.scenes.map(({ baseUrl: _base, panorama: _panorama, ...settings }) => ({
        ...settings,
        hotspots: [{ kind: 'info', id: 'h1', yaw: 0, pitch: 0, title: label, text: `${HOSTILE}\n</script>`, imageUrl: '', linkUrl: '' }],
      })),
      autorotateDelay: tour.autorotateDelay,
      gallery: tour.gallery,
      musicAssetId: null,
    };
    expect((await owner.call('PUT', `/api/model/${work.uid}/tour`, update as unknown as Record<string, unknown>)).statusCode).toBe(200);

    const response = await owner.call('GET', `/api/model/${work.uid}/offlinePackage`);
    expect(response.statusCode).toBe(200);
    const entries = await readZipEntries(response.rawPayload);
    const index = entries.get('index.html')!.toString();
    expect(index).toBe(withContentSecurityPolicy(VIEWER_INDEX));
    expect(index).toContain(CSP_META);
    expect(index).not.toMatch(/alert|onerror|onload|<img|<svg|<iframe/);
    expect(entries.get('viewer.js')!.toString()).toBe('console.log("viewer")');

    const packaged = runTourScript(entries.get('tour.js')!.toString());
    expect(packaged.name).toBe('"><svg onload=1>');
    expect(packaged.scenes[0]!.name).toBe(HOSTILE);
    expect(packaged.scenes[0]!.hotspots[0]).toMatchObject({ title: label, text: `${HOSTILE}\n</script>` });
    expect(entries.get('README.txt')!.toString()).not.toMatch(/alert/);
  });

  /** An origin uploaded under a file name of the uploader's choosing (works-fixtures' attachAsset names every file `origin.bin`). */
  async function attachOrigin(uid: string, fileName: string) {
    const bytes = await renderSyntheticPanorama({ width: 2048, height: 1024 });
    const grant = await uploadGrant(owner, uid, 'origin');
    const resolved = await testApp.app.services.workAssets.resolveGrant(grant.grant);
    if (!resolved) throw new Error('grant did not resolve');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const key = `assets/${sha256.slice(0, 2)}/${sha256}`;
    await testApp.app.services.storage.put(key, bytes, 'image/jpeg');
    await testApp.app.services.workAssets.attach(resolved.grantId, {
      key,
      size: bytes.length,
      contentType: 'image/jpeg',
      sha256,
      fileName,
    });
  }
});

describe('GET /api/model/{id}/offlinePackage', () => {
  it('streams a zip with the viewer, tour.js with relative paths, and every tile', async () => {
    const work = await processed('离线包');
    const response = await owner.call('GET', `/api/model/${work.uid}/offlinePackage`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('离线包.zip'));
    const entries = await readZipEntries(response.rawPayload);
    expect(entries.has('index.html')).toBe(true);
    expect(entries.has('README.txt')).toBe(true);
    const tour = runTourScript(entries.get('tour.js')!.toString());
    const [scene] = tour.scenes;
    expect(scene!.baseUrl).toBe(`scenes/${scene!.id}/`);
    for (const file of ['preview.jpg', 'thumb.jpg']) {
      expect(entries.get(`scenes/${scene!.id}/${file}`)?.subarray(0, 2), file).toEqual(JPEG_START);
    }
    // What the viewer draws comes as scripts handing it each JPEG as a data: URL.
    for (const file of ['base/front.jpg', panoramaTilePath(scene!.panorama.levels.length - 1, 'bottom', 0, 0)]) {
      expect(entries.has(`scenes/${scene!.id}/${file}`), file).toBe(false);
      const [dataUrl] = runImageScript(entries.get(`scenes/${scene!.id}/${file}.js`)!.toString());
      expect(Buffer.from(dataUrl!.replace('data:image/jpeg;base64,', ''), 'base64').subarray(0, 2), file).toEqual(JPEG_START);
    }
  });

  it('downloads without auth headers through a one-minute link, for that work only', async () => {
    const work = await processed('链接下载');
    const other = await processed('另一个');
    const issued = await owner.call('POST', `/api/model/${work.uid}/offlinePackage/ticket`);
    expect(issued.statusCode).toBe(200);
    const { url } = dataOf<{ url: string; expiresAt: number }>(issued);
    const download = await testApp.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect((await readZipEntries(download.rawPayload)).has('tour.js')).toBe(true);

    const ticket = new URL(url, 'http://x').searchParams.get('ticket');
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${other.uid}/offlinePackage?ticket=${ticket}` })).statusCode).toBe(
      401,
    );
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${work.uid}/offlinePackage?ticket=forged` })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${work.uid}/offlinePackage` })).statusCode).toBe(401);
    expect((await stranger.call('POST', `/api/model/${work.uid}/offlinePackage/ticket`)).statusCode).toBe(404);
    const unprocessed = await panoramaWork();
    expect(json(await owner.call('POST', `/api/model/${unprocessed.uid}/offlinePackage/ticket`)).code).toBe(
      ProcessingErrors.workNotProcessed.code,
    );
  });

  it('is refused before processing, for other types, and to other people', async () => {
    const unprocessed = await panoramaWork();
    expect(json(await owner.call('GET', `/api/model/${unprocessed.uid}/offlinePackage`)).code).toBe(ProcessingErrors.workNotProcessed.code);
    const model = await createWork(owner, { type: 'pointcloud' });
    expect(json(await owner.call('GET', `/api/model/${model.uid}/offlinePackage`)).code).toBe(TourErrors.notAPanorama.code);
    expect((await stranger.call('GET', `/api/model/${unprocessed.uid}/offlinePackage`)).statusCode).toBe(404);
  });
});
