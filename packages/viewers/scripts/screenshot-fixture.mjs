#!/usr/bin/env node
// Looks at the standalone viewer in Chromium: makes the fixture tour, serves it with the standalone
// build as an offline package would be served, and takes screenshots on a desktop and a phone
// (WebGL in software, SwiftShader). Prints what it checked and which tile levels each device fetched.
//   node packages/viewers/scripts/screenshot-fixture.mjs [outDir]   (default /tmp/spatia-viewer-shots)
// Needs `npm run build:standalone -w @spatia/viewers` first (or node scripts/build.mjs).
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, SOFTWARE_WEBGL_ARGS } from '../software-webgl.mjs';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const standaloneDir = path.join(packageDir, 'dist/standalone');
const outDir = path.resolve(process.argv[2] ?? '/tmp/spatia-viewer-shots');
mkdirSync(outDir, { recursive: true });
if (!existsSync(path.join(standaloneDir, 'index.html'))) {
  console.error('no standalone build: run `npm run build:standalone -w @spatia/viewers` first');
  process.exit(1);
}

const fixtureDir = mkdtempSync(path.join(tmpdir(), 'spatia-tour-fixture-'));
execFileSync(process.execPath, [path.join(packageDir, 'scripts/make-fixture.mjs'), fixtureDir], { stdio: 'ignore' });

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.wav': 'audio/wav',
};

/**
 * The fixture in the form the server packs it (packages/contract/src/offline-package.ts): the tour as
 * tour.js, and each base face and tile as a script handing the viewer a data: URL.
 */
function packagedScript(relative) {
  if (relative === 'tour.js') return `window.spatiaTour = ${readFileSync(path.join(fixtureDir, 'tour.json'), 'utf8')};\n`;
  const image = /^scenes\/[^/]+\/(base|tiles)\/.+\.jpg(?=\.js$)/.exec(relative)?.[0];
  const file = image && path.join(fixtureDir, image);
  if (!file || !file.startsWith(fixtureDir) || !existsSync(file)) return null;
  return `window.spatiaImage("data:image/jpeg;base64,${readFileSync(file).toString('base64')}");\n`;
}

/** The offline package: the fixture's files, and the standalone viewer's files beside them. */
const server = createServer((request, response) => {
  const pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
  const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
  const script = packagedScript(relative);
  if (script !== null) {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    return;
  }
  for (const root of [fixtureDir, standaloneDir]) {
    const file = path.join(root, relative);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) continue;
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
    return;
  }
  response.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...SOFTWARE_WEBGL_ARGS, '--autoplay-policy=user-gesture-required'],
});

const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}

/** Tile levels a page asked for, e.g. { 0: 12, 1: 20 }. */
function trackTiles(page) {
  const levels = {};
  page.on('request', (request) => {
    const match = /\/tiles\/(\d+)\//.exec(request.url());
    if (match) levels[match[1]] = (levels[match[1]] ?? 0) + 1;
  });
  return levels;
}

async function settle(page, ms = 1500) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(ms);
}

async function shot(page, name) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`     screenshot ${file}`);
}

try {
  // Desktop, English.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const tiles = trackTiles(page);
    await page.goto(`${baseUrl}?lang=en`);
    await page.waitForSelector('.psv-canvas');
    await page.waitForSelector('.spv-hotspot');
    await settle(page);
    await shot(page, 'desktop-en-start');
    check('desktop: three hotspots in the first scene', (await page.locator('.spv-hotspot').count()) === 3);
    check('desktop: English navbar caption', (await page.locator('.psv-caption-content').innerText()).includes('Lobby'));
    check('desktop: gallery shown on load', await page.locator('.psv-gallery').isVisible());
    check('desktop: no VR button without a headset', !(await page.locator('.psv-navbar [title="View in VR headset"]').isVisible()));

    // Keyboard: focus the info hotspot, Enter opens the panel.
    await page.locator('.spv-hotspot--info').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.spv-info');
    await page.waitForTimeout(1200);
    await shot(page, 'desktop-en-info-panel');
    const panelText = await page.locator('.spv-info').innerText();
    check(
      'desktop: info panel has title and text',
      panelText.includes('Reception') && panelText.includes('visitor badge'),
      panelText.split('\n')[0],
    );
    check('desktop: info panel link is safe', (await page.locator('.spv-info__link').getAttribute('href')) === 'https://example.com/');
    await page.getByTitle('Close', { exact: true }).click();

    // Music: the Enter above was the first gesture, so it plays now; the toggle mutes it.
    const musicButton = page.locator('.spv-music-button');
    const musicPlaying = () => musicButton.evaluate((element) => element.classList.contains('spv-music-button--playing'));
    check('desktop: music started with the first gesture', await musicPlaying());
    await musicButton.click();
    await page.waitForTimeout(300);
    check('desktop: the toggle mutes it', !(await musicPlaying()));

    // Mouse: the link hotspot goes to the other scene.
    await page.locator('.spv-hotspot--link').first().click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('scene') === 'a2', null, { timeout: 10_000 });
    await page.waitForSelector('.spv-hotspot');
    await settle(page, 2500);
    await shot(page, 'desktop-en-scene-2');
    check('desktop: link hotspot switched to scene a2', (await page.locator('.psv-caption-content').innerText()).includes('Garden'));
    await page.locator('.spv-hotspot--info').click();
    await page.waitForSelector('.spv-info');
    check('desktop: an unsafe javascript: link is left out', (await page.locator('.spv-info__link').count()) === 0);
    await page.getByTitle('Close', { exact: true }).click();

    // Zoomed in: the largest level is fetched.
    await page.mouse.move(640, 400);
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -400);
    await settle(page, 2000);
    await shot(page, 'desktop-en-zoomed');
    check('desktop: levels fetched', true, JSON.stringify(tiles));
    check('desktop: no page errors', errors.length === 0, errors.join(' | '));
    await context.close();
  }

  // Phone, Chinese, 1 GB of memory, iOS-style motion permission.
  {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'deviceMemory', { get: () => 1 });
      window.DeviceOrientationEvent.requestPermission = () => Promise.resolve('granted');
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const tiles = trackTiles(page);
    await page.goto(baseUrl);
    await page.waitForSelector('.spv-hotspot');
    await page.waitForSelector('.spv-prompt');
    await settle(page);
    await shot(page, 'phone-zh-start');
    check('phone: Chinese motion prompt', (await page.locator('.spv-prompt').innerText()).includes('转动手机'));
    check(
      'phone: gyroscope and stereo buttons',
      (await page.locator('.psv-gyroscope-button').count()) === 1 && (await page.locator('.psv-stereo-button').count()) === 1,
    );
    await page.locator('.spv-prompt__button').last().tap();
    check('phone: prompt goes away', (await page.locator('.spv-prompt').count()) === 0);
    await page.locator('.psv-gallery-button').tap();
    await page.waitForTimeout(800);
    await shot(page, 'phone-zh-gallery');
    await page.locator('.psv-gallery-item').nth(1).tap();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('scene') === 'a2', null, { timeout: 10_000 });
    await settle(page, 2500);
    await shot(page, 'phone-zh-scene-2');
    for (let i = 0; i < 3; i++) {
      await page.evaluate(() =>
        document
          .querySelector('.psv-container')
          ?.dispatchEvent(new WheelEvent('wheel', { deltaY: -2000, clientX: 195, clientY: 400, bubbles: true })),
      );
      await page.waitForTimeout(300);
    }
    await settle(page, 2000);
    check('phone (1 GB): no level 2 tiles', !tiles['2'], JSON.stringify(tiles));
    check('phone: no page errors', errors.length === 0, errors.join(' | '));
    await context.close();
  }

  // A browser that says it can do immersive VR (no headset here: the session request fails).
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'xr', {
        value: {
          isSessionSupported: async (mode) => mode === 'immersive-vr',
          requestSession: async () => Promise.reject(new Error('no headset')),
        },
      });
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}?lang=en`);
    const vrButton = page.locator('.psv-navbar [title="View in VR headset"]');
    await vrButton.waitFor({ state: 'visible', timeout: 10_000 });
    check('headset browser: VR button shown', await vrButton.isVisible());
    await vrButton.click();
    await page.waitForSelector('.psv-notification--visible', { timeout: 5_000 });
    check(
      'headset browser: a failed session says so',
      (await page.locator('.psv-notification').innerText()).includes('could not be started'),
    );
    await page.waitForTimeout(800);
    await shot(page, 'desktop-en-vr-failed');
    await context.close();
  }

  // The headset's scene (three.js, no XR) beside the 2D viewer, same directions: they must match.
  {
    const { createServer: createViteServer } = await import('vite');
    const vite = await createViteServer({
      configFile: false,
      root: path.join(packageDir, 'dev'),
      logLevel: 'error',
      resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
      server: { host: '127.0.0.1', port: 0, fs: { allow: [path.resolve(packageDir, '../..')] } },
      plugins: [
        {
          name: 'fixture',
          configureServer(devServer) {
            devServer.middlewares.use('/fixture', (request, response, next) => {
              const file = path.join(fixtureDir, decodeURIComponent(request.url.split('?')[0]));
              if (!file.startsWith(fixtureDir) || !existsSync(file) || !statSync(file).isFile()) return next();
              response.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
              createReadStream(file).pipe(response);
            });
          },
        },
      ],
    });
    await vite.listen();
    const previewUrl = vite.resolvedUrls.local[0];
    const context = await browser.newContext({ viewport: { width: 1160, height: 420 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const [yaw, pitch] of [
      [0, 0],
      [90, 0],
      [-135, 0],
      [0, 60],
      [0, -60],
    ]) {
      await page.goto(`${previewUrl}xr-preview.html?scene=a1&yaw=${yaw}&pitch=${pitch}&fov=80`);
      await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
      await shot(page, `immersive-preview-yaw${yaw}-pitch${pitch}`);
    }
    check('immersive preview: no page errors', errors.length === 0, errors.join(' | '));

    // Edit mode (the console's editor): a drag on a hotspot moves it and leaves the view alone.
    await page.setViewportSize({ width: 1200, height: 520 });
    await page.goto(`${previewUrl}editing.html`);
    await page.waitForFunction(() => window.editingLog?.some((line) => line.startsWith('ready')), null, { timeout: 30_000 });
    await page.waitForTimeout(1000);
    const viewBefore = await page.evaluate(() => window.editingLog.find((line) => line.startsWith('ready')));
    const arrow = await page.locator('.spv-hotspot--link').first().boundingBox();
    await page.mouse.move(arrow.x + arrow.width / 2, arrow.y + arrow.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++)
      await page.mouse.move(arrow.x + arrow.width / 2 + step * 20, arrow.y + arrow.height / 2 - step * 10);
    await page.mouse.up();
    await page.waitForTimeout(500);
    const moved = await page.locator('.spv-hotspot--link').first().boundingBox();
    const log = await page.evaluate(() => window.editingLog);
    check(
      'edit mode: down, moves and up on the dragged hotspot',
      log.some((line) => line.startsWith('down h1')) &&
        log.filter((line) => line.startsWith('move h1')).length >= 4 &&
        log.some((line) => line.startsWith('up h1')),
      log.slice(-2).join(' / '),
    );
    check(
      'edit mode: the hotspot followed the pointer',
      Math.abs(moved.x - arrow.x - 160) < 12 && Math.abs(moved.y - arrow.y + 80) < 12,
      `moved by ${Math.round(moved.x - arrow.x)},${Math.round(moved.y - arrow.y)}`,
    );
    await page.mouse.click(200, 150);
    await page.waitForTimeout(300);
    const clickLine = (await page.evaluate(() => window.editingLog)).find((line) => line.startsWith('click'));
    check('edit mode: a click on the panorama gives its direction', /^click -?\d/.test(clickLine ?? ''), clickLine);
    await shot(page, 'edit-mode-after-drag');
    check('edit mode: no page errors', errors.length === 0, errors.join(' | ') || viewBefore);
    await context.close();
    await vite.close();
  }
} finally {
  await browser.close();
  server.close();
}

const failed = checks.filter((item) => !item.ok);
console.log(`\n${checks.length - failed.length}/${checks.length} checks passed; screenshots in ${outDir}`);
process.exitCode = failed.length ? 1 : 0;
