import { readFileSync, mkdirSync, writeFileSync, createReadStream, existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { signedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { DEMO_PANORAMAS, processOrigins } from './support/processing';
import { chooseFromMenu, fillLogin, snap } from './support/session';

/*
 * The public side of a tour: a processed two-scene work with a link hotspot, opened signed out at
 * /details/{id}; the hotspot switches scenes, the share dialog has the QR code and the embed code, and
 * the offline package works from a plain static server with every other address blocked, and opened
 * straight from disk (file://), as a showroom opens the unzipped folder.
 */

interface TourScene {
  id: string;
  name: string;
  initialView: { yaw: number; pitch: number };
  fov: number;
  hotspots: unknown[];
  baseUrl?: string;
  panorama?: unknown;
}
interface Tour {
  revision: number;
  scenes: TourScene[];
  autorotateDelay: number;
  gallery: boolean;
}

function owner(request: APIRequestContext, contexts: APIRequest, baseURL: string) {
  return signedInAccount(request, contexts, { network: 7, password: 'Tours2026', baseURL });
}

/** A published tour of the two demo panoramas, the first scene linking to the second straight ahead. */
async function publishedTour(api: APIRequestContext): Promise<string> {
  const { uid } = await dataOf<{ uid: string }>(
    await api.post('/api/model', { data: { name: '公开漫游', type: 'panorama', description: '江景两居室' } }),
  );
  await processOrigins(api, uid, [
    { name: '客厅.jpg', bytes: readFileSync(path.join(DEMO_PANORAMAS, 'living-room.jpg')) },
    { name: '阳台.jpg', bytes: readFileSync(path.join(DEMO_PANORAMAS, 'balcony.jpg')) },
  ]);
  const tour = await dataOf<Tour>(await api.get(`/api/model/${uid}/tour`));
  const [living, balcony] = tour.scenes.map(({ baseUrl: _b, panorama: _p, ...settings }) => settings) as [TourScene, TourScene];
  living.hotspots = [{ id: 'to-balcony', kind: 'link', yaw: 0, pitch: -15, targetSceneId: balcony.id, arrowYaw: 0, label: '' }];
  await dataOf(
    await api.put(`/api/model/${uid}/tour`, {
      data: { revision: tour.revision, scenes: [living, balcony], autorotateDelay: 0, gallery: true, musicAssetId: null },
    }),
  );
  await dataOf(await api.put(`/api/model/${uid}/onLined`, { form: { onLined: 'true' } }));
  return uid;
}

const caption = (page: Page) => page.locator('.psv-caption-content');

/** The app's script files the page fetches, with their text. */
function collectScripts(page: Page): Promise<{ url: string; text: string }>[] {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  return scripts;
}

/**
 * Markers of the 3D model viewer (its poster's class, GLTFLoader's extension names) and of the point-cloud
 * viewer (its label layer's class): strings the minifier keeps.
 */
const OTHER_VIEWER_MARKERS = ['s3d-model__poster', 'KHR_materials_', 's3d-pc-labels'];

async function otherViewersIn(scripts: Promise<{ url: string; text: string }>[]): Promise<string[]> {
  const loaded = await Promise.all(scripts);
  return loaded.flatMap(({ url, text }) =>
    OTHER_VIEWER_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${url}: ${marker}`),
  );
}

test('a tour opens signed out, switches scenes by its hotspot, shares, and works offline from its package', async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { phone, password, api } = await owner(request, playwright.request, baseURL!);
  const uid = await publishedTour(api);

  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const page = await visitor.newPage();
  const scripts = collectScripts(page);
  const opened = await page.goto(`/details/${uid}`);
  // The server shows the opening picture before any script, and preloads it (docs/web.md, "The shared work page").
  const html = (await opened?.text()) ?? '';
  expect(html).toContain('data-first-view');
  expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+\/base\/front\.jpg"/);
  await expect(page.getByRole('heading', { name: '公开漫游' })).toBeVisible();
  await expect(page.locator('.psv-container canvas')).toBeVisible();
  // Drawn: the picture in the viewer's place is gone.
  await expect(page.getByTestId('viewer-poster')).toHaveCount(0);
  // Only the tour's viewer: never the 3D model's or the point cloud's code.
  await page.waitForLoadState('networkidle');
  expect(await otherViewersIn(scripts)).toEqual([]);
  await expect(caption(page)).toHaveText('客厅');
  await expect(page.getByTestId('details-views')).toContainText('1');
  // The tour enables its scene strip: open with the tour, a thumbnail per scene.
  await expect(page.locator('.psv-gallery')).toHaveClass(/psv-gallery--open/);
  await expect(page.locator('.psv-gallery-item')).toHaveCount(2);
  await snap(page, 'public-viewer-first-scene');

  await page.getByRole('button', { name: '前往阳台' }).click();
  await expect(caption(page)).toHaveText('阳台', { timeout: 15_000 });
  await snap(page, 'public-viewer-second-scene');

  await page.getByRole('button', { name: /分享/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('canvas, svg').first()).toBeVisible();
  const embed = await dialog
    .locator('textarea, input')
    .filter({ hasText: /iframe/ })
    .or(dialog.locator('textarea'))
    .first()
    .inputValue();
  expect(embed).toContain('<iframe');
  expect(embed).toContain(`/details/${uid}`);
  await expect(dialog.getByTestId('share-embed-hint')).toHaveText('粘贴到网页中即可在该网页展示漫游。');
  await snap(page, 'public-viewer-share');
  await visitor.close();

  // The offline package, served by a plain static server; every other address is blocked.
  const zip = await api.get(`/api/model/${uid}/offlinePackage`);
  expect(zip.headers()['content-type']).toBe('application/zip');
  const folder = mkdtempSync(path.join(tmpdir(), 'spatia-offline-'));
  await unzip(await zip.body(), folder);
  // Its page carries its own Content-Security-Policy (a static server sends none), and the tour below works under it.
  expect(readFileSync(path.join(folder, 'index.html'), 'utf8')).toMatch(
    /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';/,
  );
  const server = await serveFolder(folder);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const offline = await browser.newContext({ locale: 'zh-CN' });
  await offline.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  const offlinePage = await offline.newPage();
  await offlinePage.goto(`${origin}/index.html`);
  await expect(offlinePage.locator('.psv-container canvas')).toBeVisible();
  await expect(caption(offlinePage)).toHaveText('客厅');
  // The keyboard, as the scene strip open on load may lie over the floor arrow.
  await offlinePage.getByRole('button', { name: '前往阳台' }).press('Enter');
  await expect(caption(offlinePage)).toHaveText('阳台', { timeout: 15_000 });
  await snap(offlinePage, 'offline-package');
  await offline.close();
  server.close();

  // The same folder opened straight from disk: no server, nothing fetched from the web, nothing refused.
  const fromDisk = await browser.newContext({ locale: 'zh-CN' });
  await fromDisk.route(/^https?:/, (route) => route.abort());
  const diskPage = await fromDisk.newPage();
  const problems: string[] = [];
  diskPage.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  diskPage.on('pageerror', (error) => problems.push(error.message));
  diskPage.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
  await diskPage.goto(pathToFileURL(path.join(folder, 'index.html')).href);
  await expect(caption(diskPage)).toHaveText('客厅');
  await expectPanoramaDrawn(diskPage);
  await diskPage.getByRole('button', { name: '前往阳台' }).press('Enter');
  await expect(caption(diskPage)).toHaveText('阳台', { timeout: 15_000 });
  await expectPanoramaDrawn(diskPage);
  await snap(diskPage, 'offline-package-from-disk');
  expect(problems).toEqual([]);
  await fromDisk.close();

  // The owner's console hands the same package to the browser's own download (a one-minute link).
  const consoleContext = await browser.newContext({ locale: 'zh-CN', acceptDownloads: true });
  const ownerPage = await consoleContext.newPage();
  await ownerPage.goto('/login');
  await fillLogin(ownerPage, { phone, password });
  const card = ownerPage.locator(`[data-testid="work-card"][data-uid="${uid}"]`);
  const downloading = ownerPage.waitForEvent('download');
  await chooseFromMenu(ownerPage, card.getByTestId('work-actions'), /下载离线包/);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('公开漫游.zip');
  const saved = path.join(folder, 'downloaded.zip');
  await download.saveAs(saved);
  const downloaded = mkdtempSync(path.join(tmpdir(), 'spatia-downloaded-'));
  await unzip(readFileSync(saved), downloaded);
  expect(existsSync(path.join(downloaded, 'index.html'))).toBe(true);
  expect(existsSync(path.join(downloaded, 'tour.js'))).toBe(true);
  await expect(ownerPage.getByText('开始下载')).toBeVisible();
  await consoleContext.close();

  // A scene named with markup shows as text: in the caption and the gallery strip, and nothing is made of it.
  const markup = '<img src=x onerror=alert(1)>';
  const tourNow = await dataOf<Tour>(await api.get(`/api/model/${uid}/tour`));
  const renamed = tourNow.scenes.map(({ baseUrl: _b, panorama: _p, ...settings }, index) =>
    index === 0 ? { ...settings, name: markup } : settings,
  );
  await dataOf(
    await api.put(`/api/model/${uid}/tour`, {
      data: { revision: tourNow.revision, scenes: renamed, autorotateDelay: 0, gallery: true, musicAssetId: null },
    }),
  );
  const reader = await browser.newContext({ locale: 'zh-CN' });
  const named = await reader.newPage();
  const dialogs: string[] = [];
  named.on('dialog', (opened) => {
    dialogs.push(opened.message());
    void opened.dismiss();
  });
  await named.goto(`/details/${uid}`);
  await expect(caption(named)).toHaveText(markup);
  await expect(named.locator('.psv-gallery-item-title').first()).toHaveText(markup);
  await expect(named.locator('img[src="x"], [onerror]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  await reader.close();
});

/**
 * The demo panoramas' sky fills the upper half of the first view: blue, where a canvas with no
 * textures, the loading screen and the error screen are grey or black.
 */
async function expectPanoramaDrawn(page: Page): Promise<void> {
  const box = (await page.locator('.psv-container canvas').boundingBox())!;
  const skyBlueness = async () => {
    const upperHalf = await page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: box.height / 2 } });
    const [red, , blue] = (await sharp(upperHalf).stats()).channels;
    return blue!.mean - red!.mean;
  };
  await expect.poll(skyBlueness, { timeout: 15_000 }).toBeGreaterThan(20);
}

function unzip(zip: Buffer, folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('not a zip'));
      file.on('entry', (entry: yauzl.Entry) => {
        const target = path.join(folder, entry.fileName);
        mkdirSync(path.dirname(target), { recursive: true });
        file.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            writeFileSync(target, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve());
      file.readEntry();
    });
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

/** What `npx serve .` does, in a few lines: files of one folder, nothing else. */
function serveFolder(folder: string): Promise<Server> {
  const server = createServer((request, response) => {
    const file = path.join(folder, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(folder) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
