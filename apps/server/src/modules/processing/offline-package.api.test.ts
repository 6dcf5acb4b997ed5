import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Tour, TourUpdate } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { CSP_META, HOSTILE, VIEWER_INDEX } from '../../test/offline-package-fixtures.js';
import { createWork, person, uploadGrant, type Person } from '../../test/works-fixtures.js';
import { readZipEntries } from '../../test/zip-fixtures.js';
import { withContentSecurityPolicy } from './offline-package.js';

/**
 * Through the API: a scene named after its uploaded file and a hotspot edited with PUT /tour reach the
 * offline package only in tour.json; index.html is the viewer's, with the policy. offline-package.test.ts
 * covers the policy itself without a database.
 */

describe('GET /api/model/{id}/offlinePackage with names people typed', () => {
  let testApp: TestApp;
  let owner: Person;
  const viewerDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-viewer-'));

  beforeAll(async () => {
    writeFileSync(path.join(viewerDir, 'index.html'), VIEWER_INDEX);
    mkdirSync(path.join(viewerDir, 'assets'));
    writeFileSync(path.join(viewerDir, 'assets/index-abc.js'), 'console.log("viewer")');
    testApp = await createTestApp({ VIEWER_DIST_DIR: viewerDir });
    owner = await person(testApp.app, { name: 'Owner' });
  });
  afterAll(() => testApp?.close());

  it('carries the policy in index.html, and the names only in tour.json, as data', async () => {
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
    expect(entries.get('assets/index-abc.js')!.toString()).toBe('console.log("viewer")');

    const packaged = JSON.parse(entries.get('tour.json')!.toString()) as Tour;
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
    await testApp.app.services.workAssets.attach(resolved.grantId, { key, size: bytes.length, contentType: 'image/jpeg', sha256, fileName });
  }
});
