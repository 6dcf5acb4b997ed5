import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CUBE_FACES, type PanoramaManifest } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import type { ProcessedScene } from '../processing/processing.tables.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { CSP_META, HOSTILE, runImageScript, runTourScript, VIEWER_INDEX } from '../../test/offline-package-fixtures.js';
import { readZipEntries } from '../../test/zip-fixtures.js';
import type { NarrationsService } from '../narrations/index.js';
import type { DownloadTickets } from '../download-tickets/download-tickets.service.js';
import { reconcileTourSettings } from '../tours/tour-settings.js';
import type { ProcessedWork, ToursService } from '../tours/tours.service.js';
import type { Actor } from '../works/work-access.js';
import type { WorkRow, WorksService } from '../works/works.service.js';
import { OFFLINE_CONTENT_SECURITY_POLICY, OfflinePackages, withContentSecurityPolicy } from './offline-packages.service.js';

describe('the offline package policy', () => {
  it('loads only the package itself: no inline or foreign scripts, no plugins, no base or form targets', () => {
    const directives = new Map(
      OFFLINE_CONTENT_SECURITY_POLICY.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    // Nothing is fetched; data: is for the images the package carries in scripts, and only for images.
    expect(directives.get('connect-src')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect([...directives].filter(([, sources]) => sources.includes('data:')).map(([name]) => name)).toEqual(['img-src']);
    // No host is named: the package works wherever it is served from, loading its own files relatively.
    expect(OFFLINE_CONTENT_SECURITY_POLICY).not.toMatch(/\*|https?:\/\/|'unsafe-eval'|blob:|file:/);
    expect(OFFLINE_CONTENT_SECURITY_POLICY).not.toMatch(/["<>&]/);
  });

  it('goes first in the head, before the script and stylesheet it governs; the page is otherwise untouched', () => {
    const page = withContentSecurityPolicy(VIEWER_INDEX);
    expect(page.indexOf(CSP_META)).toBeGreaterThan(page.indexOf('<head>'));
    expect(page.indexOf(CSP_META)).toBeLessThan(page.indexOf('<meta charset'));
    expect(page.replace(`\n    ${CSP_META}`, '')).toBe(VIEWER_INDEX);
    // A page without a <head> tag (the parser makes one): still before everything else.
    expect(withContentSecurityPolicy('<!doctype html><title>viewer</title>')).toBe(`<!doctype html>\n    ${CSP_META}<title>viewer</title>`);
  });
});

describe('an offline package of a tour with names people typed', () => {
  const manifest: PanoramaManifest = { sourceWidth: 2048, sourceHeight: 1024, tileSize: 512, levels: [{ faceSize: 512, nbTiles: 1 }] };
  // a1 is named after its uploaded file (the default); a2 was renamed, and given hotspots, through PUT /tour.
  const scenes: ProcessedScene[] = [
    { id: 'a1', assetId: 1, sourceName: `${HOSTILE}.jpg`, manifest },
    { id: 'a2', assetId: 2, sourceName: 'b.jpg', manifest },
  ];
  const label = "'><iframe src=javascript:alert(4)>";
  const defaults = reconcileTourSettings(undefined, scenes);
  const processed: ProcessedWork = {
    work: { uid: 'W1', name: '"><svg onload=1>' } as WorkRow,
    runId: 'r1',
    filesUid: 'W1',
    scenes,
    settings: {
      ...defaults,
      scenes: [
        defaults.scenes[0]!,
        {
          ...defaults.scenes[1]!,
          name: '</script><script>alert(2)</script>',
          hotspots: [
            { kind: 'link', id: 'h1', yaw: 0, pitch: -10, targetSceneId: 'a1', arrowYaw: 0, label },
            { kind: 'info', id: 'h2', yaw: 30, pitch: 0, title: HOSTILE, text: `${HOSTILE}\n</script>`, imageUrl: '', linkUrl: '' },
          ],
        },
      ],
    },
    revision: 2,
    music: undefined,
  };

  async function packageEntries(): Promise<Map<string, Buffer>> {
    const viewerDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-viewer-'));
    writeFileSync(path.join(viewerDir, 'index.html'), VIEWER_INDEX);
    writeFileSync(path.join(viewerDir, 'viewer.js'), 'console.log("viewer")');
    const works = { findManageable: async () => processed.work } as unknown as WorksService;
    const tours = { load: async () => processed } as unknown as ToursService;
    const storage = { read: async () => ({ stream: Readable.from([Buffer.from('jpeg')]) }) } as unknown as StorageDriver;
    const narrations = { forPackage: async () => ({ guides: [], files: [] }) } as unknown as NarrationsService;
    const packages = new OfflinePackages(works, tours, storage, {} as DownloadTickets, narrations, viewerDir);
    const { stream } = await packages.open({} as Actor, 'W1');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return readZipEntries(Buffer.concat(chunks));
  }

  it('carries the policy in index.html, and the names only in tour.js, as data', async () => {
    const entries = await packageEntries();
    const index = entries.get('index.html')!.toString();
    expect(index).toBe(withContentSecurityPolicy(VIEWER_INDEX));
    expect(index).toContain(CSP_META);
    expect(index).not.toMatch(/alert|onerror|onload|<img|<svg|<iframe/);
    expect(entries.get('viewer.js')!.toString()).toBe('console.log("viewer")');
    expect(entries.get('README.txt')!.toString()).not.toMatch(/alert/);

    const tour = runTourScript(entries.get('tour.js')!.toString());
    expect(tour.name).toBe('"><svg onload=1>');
    expect(tour.scenes.map((scene) => [scene.name, scene.baseUrl])).toEqual([
      [HOSTILE, 'scenes/a1/'],
      ['</script><script>alert(2)</script>', 'scenes/a2/'],
    ]);
    expect(tour.scenes[1]!.hotspots).toMatchObject([{ label }, { title: HOSTILE, text: `${HOSTILE}\n</script>` }]);
  });

  it('holds what a page opened from disk can read: scripts for the tour and for every image the viewer draws', async () => {
    const entries = await packageEntries();
    const drawn = [...CUBE_FACES.map((face) => `base/${face}.jpg`), ...CUBE_FACES.map((face) => `tiles/0/${face}/0_0.jpg`)];
    const scene = (id: string) => [`scenes/${id}/preview.jpg`, `scenes/${id}/thumb.jpg`, ...drawn.map((file) => `scenes/${id}/${file}.js`)];
    expect([...entries.keys()].sort()).toEqual(['README.txt', 'index.html', 'tour.js', 'viewer.js', ...scene('a1'), ...scene('a2')].sort());
    // The stored JPEG ('jpeg' here), handed to the viewer as a data: URL; pictures only shown stay JPEG files.
    expect(runImageScript(entries.get('scenes/a2/tiles/0/top/0_0.jpg.js')!.toString())).toEqual([
      `data:image/jpeg;base64,${Buffer.from('jpeg').toString('base64')}`,
    ]);
    expect(entries.get('scenes/a2/thumb.jpg')!.toString()).toBe('jpeg');
  });
});
