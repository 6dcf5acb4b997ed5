#!/usr/bin/env node
// Looks at the model and point-cloud viewers in Chromium: makes the 3D fixture, serves the fixture page
// (scripts/viewers-3d-page) with Vite and the fixture files with range requests, and takes screenshots
// (WebGL in software, SwiftShader: fine for pictures, meaningless for frame rates). Prints its checks.
//   node packages/viewers/scripts/screenshot-3d.mjs [outDir]   (default /tmp/spatia-viewer-3d-shots)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_PATH, SOFTWARE_WEBGL_ARGS } from '../software-webgl.mjs';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoDir = path.resolve(packageDir, '../..');
const outDir = path.resolve(process.argv[2] ?? '/tmp/spatia-viewer-3d-shots');
mkdirSync(outDir, { recursive: true });
const fixtureDir = mkdtempSync(path.join(tmpdir(), 'spatia-3d-fixture-'));
execFileSync(process.execPath, [path.join(packageDir, 'scripts/make-3d-fixture.mjs'), fixtureDir], { stdio: 'ignore' });

const TYPES = { '.json': 'application/json', '.glb': 'model/gltf-binary', '.bin': 'application/octet-stream' };
/** /fixture/…: the fixture's files, answering `Range: bytes=a-b` with 206 as a CDN does. */
const fixtureFiles = {
  name: 'spatia-3d-fixture-files',
  configureServer(server) {
    server.middlewares.use('/fixture', (request, response) => {
      const file = path.join(fixtureDir, decodeURIComponent(new URL(request.url, 'http://x').pathname));
      if (!file.startsWith(fixtureDir) || !existsSync(file) || !statSync(file).isFile()) return void response.writeHead(404).end();
      const bytes = readFileSync(file);
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), bytes.length - 1);
        response.writeHead(206, {
          'content-type': type,
          'content-range': `bytes ${start}-${end}/${bytes.length}`,
          'content-length': end - start + 1,
        });
        response.end(bytes.subarray(start, end + 1));
        return;
      }
      response.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
      response.end(bytes);
    });
  },
};

const server = await createServer({
  configFile: false,
  root: path.join(packageDir, 'scripts/viewers-3d-page'),
  logLevel: 'error',
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: { port: 0, host: '127.0.0.1', fs: { allow: [repoDir] } },
  plugins: [fixtureFiles],
});
await server.listen();
const baseUrl = server.resolvedUrls.local[0];

const browser = await chromium.launch({
  executablePath: existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : undefined,
  args: [...SOFTWARE_WEBGL_ARGS],
});

const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}
async function shot(page, name) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`     screenshot ${file}`);
}
const events = (page, type) =>
  page.evaluate((kind) => window.__events.filter((event) => event.type === kind).map((event) => event.detail), type);
async function openPage(viewport, query, locale = 'en-US') {
  const context = await browser.newContext({ viewport, locale, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const ranges = [];
  page.on('request', (request) => request.headers().range && ranges.push(request.headers().range));
  await page.goto(`${baseUrl}?${query}`);
  return { page, errors, ranges, context };
}
/** Clicks at each of `points` (x, y) in turn, a moment apart, as a person would. */
async function clickEach(page, points) {
  for (const [x, y] of points) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(150);
  }
}
/** Waits until the model has loaded (its progress reached 1). */
async function modelLoaded(page) {
  await page.waitForFunction(() => window.__events.some((event) => event.type === 'progress' && event.detail === 1), null, {
    timeout: 30_000,
  });
}
/** Waits until the point cloud shows more than `least` points, then lets it settle for a screenshot. */
async function pointsShown(page, least) {
  await page.waitForFunction(
    (points) => window.__events.filter((event) => event.type === 'stats').at(-1)?.detail.visiblePoints > points,
    least,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(2500);
}

try {
  // Model, desktop, English.
  {
    const { page, errors, context } = await openPage({ width: 1200, height: 800 }, 'viewer=model&lang=en');
    await modelLoaded(page);
    await page.waitForTimeout(1500);
    await shot(page, 'model-desktop-en');
    check('model: loaded (meshopt GLB)', (await events(page, 'error')).length === 0);
    check('model: progress ends at 1', (await events(page, 'progress')).at(-1) === 1);
    check('model: progress bar removed', (await page.locator('.s3d-progress').count()) === 0);
    check(
      'model: buttons labelled',
      (await page.locator('.s3d-button[aria-label="Reset view"]').count()) === 1 &&
        (await page.locator('.s3d-button[aria-label="Stop rotating"]').count()) === 1,
    );
    check('model: no AR button on a desktop', await page.locator('.s3d-model__ar').isHidden());
    // Keyboard: Tab reaches the buttons; Enter on auto-rotate stops it.
    await page.locator('.s3d-button[aria-label="Stop rotating"]').focus();
    await page.keyboard.press('Enter');
    check(
      'model: auto-rotate toggled by keyboard',
      (await page.locator('.s3d-button[aria-label="Start rotating"]').getAttribute('aria-pressed')) === 'false',
    );
    // Drag to turn, then reset.
    await page.mouse.move(600, 400);
    await page.mouse.down();
    await page.mouse.move(800, 300, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(800);
    await shot(page, 'model-desktop-en-turned');
    await page.locator('.s3d-button[aria-label="Reset view"]').click();
    await page.waitForTimeout(800);
    await shot(page, 'model-desktop-en-reset');
    check('model: no page errors', errors.length === 0, errors.join(' | '));
    await context.close();
  }
  // Model failing, Chinese.
  {
    const { page, context } = await openPage(
      { width: 800, height: 600 },
      'viewer=model&lang=zh&modelUrl=/fixture/model/missing.glb',
      'zh-CN',
    );
    await page.waitForSelector('.s3d-error', { timeout: 15_000 }).catch(async (error) => {
      console.log(await page.evaluate(() => JSON.stringify(window.__events)), await page.content());
      throw error;
    });
    await shot(page, 'model-error-zh');
    check('model: Chinese error when the GLB is missing', (await page.locator('.s3d-error').innerText()).includes('模型加载失败'));
    check('model: onError called', (await events(page, 'error')).length === 1);
    await context.close();
  }
  // Model on an Android phone without WebXR: Scene Viewer button.
  {
    const context = await browser.newContext({
      viewport: { width: 390, height: 800 },
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}?viewer=model&lang=zh`);
    await modelLoaded(page);
    await page.waitForTimeout(1200);
    await shot(page, 'model-android-zh');
    check('model: AR button on Android (Scene Viewer)', await page.locator('.s3d-model__ar').isVisible());
    await context.close();
  }

  // Point cloud, desktop, English, editable.
  {
    const { page, errors, ranges, context } = await openPage({ width: 1280, height: 800 }, 'viewer=pointcloud&lang=en&editable=1');
    await pointsShown(page, 50_000);
    await shot(page, 'pointcloud-desktop-en');
    const stats = (await events(page, 'stats')).at(-1);
    check(
      'pointcloud: nodes streamed with range requests',
      ranges.length > 5 && ranges.every((range) => /^bytes=\d+-\d+$/.test(range)),
      `${ranges.length} ranges`,
    );
    check('pointcloud: stats reported', stats.visiblePoints > 0 && stats.loadedNodes > 0, JSON.stringify(stats));
    check('pointcloud: saved measurements listed', (await page.locator('.s3d-pc-item').count()) === 3);
    check('pointcloud: labels drawn', (await page.locator('.s3d-pc-label').count()) === 3);

    await page.locator('.s3d-pc-color').selectOption('elevation');
    await page.waitForTimeout(600);
    await shot(page, 'pointcloud-desktop-en-elevation');
    await page.locator('.s3d-pc-color').selectOption('intensity');
    await page.waitForTimeout(600);
    await shot(page, 'pointcloud-desktop-en-intensity');
    await page.locator('.s3d-pc-color').selectOption('rgb');
    await page.locator('.s3d-button[aria-label^="Eye-dome"]').click();
    await page.waitForTimeout(600);
    await shot(page, 'pointcloud-desktop-en-no-edl');
    await page.locator('.s3d-button[aria-label^="Eye-dome"]').click();

    // Distance: three clicks on the ground, Enter.
    await page.locator('.s3d-button[aria-label="Measure distance"]').click();
    await clickEach(page, [
      [711, 459],
      [829, 435],
      [782, 518],
    ]);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
    let saved = (await events(page, 'measurements')).at(-1);
    check(
      'pointcloud: distance measured and reported',
      saved?.length === 4 && saved[3].kind === 'distance' && saved[3].points.length === 3,
      saved ? `${saved.at(-1).points.length} points` : 'no event',
    );
    check(
      'pointcloud: points in source coordinates',
      saved?.[3]?.points.every((point) => point[0] > 499_000 && point[1] > 4_399_000),
    );
    // Area: four clicks, double-click on the last one.
    await page.locator('.s3d-button[aria-label="Measure area"]').click();
    await clickEach(page, [
      [405, 400],
      [488, 376],
      [511, 424],
    ]);
    await page.mouse.dblclick(428, 447);
    await page.waitForTimeout(400);
    saved = (await events(page, 'measurements')).at(-1);
    check(
      'pointcloud: area finished by double-click',
      saved?.length === 5 && saved[4].kind === 'area' && saved[4].points.length === 4,
      saved ? `${saved.at(-1).points.length} points` : '',
    );
    // Height: two clicks finish it.
    await page.locator('.s3d-button[aria-label="Measure height"]').click();
    await page.mouse.click(758, 588);
    await page.waitForTimeout(150);
    await page.mouse.click(616, 459);
    await page.waitForTimeout(400);
    saved = (await events(page, 'measurements')).at(-1);
    check('pointcloud: height after two points', saved?.length === 6 && saved[5].kind === 'height');
    await page.keyboard.press('Escape');
    await shot(page, 'pointcloud-desktop-en-measured');
    // Rename and delete through the list.
    const input = page.locator('.s3d-pc-item__label').nth(3);
    await input.fill('Path 小路');
    await input.press('Enter');
    await page.waitForTimeout(200);
    saved = (await events(page, 'measurements')).at(-1);
    check('pointcloud: label edited', saved?.[3]?.label === 'Path 小路');
    await page.locator('.s3d-pc-item__delete').first().click();
    saved = (await events(page, 'measurements')).at(-1);
    check('pointcloud: measurement deleted', saved?.length === 5 && saved[0].id !== 'm1');
    // Double-click centres on a point.
    await page.mouse.dblclick(640, 560);
    await page.waitForTimeout(1200);
    await shot(page, 'pointcloud-desktop-en-centred');
    check('pointcloud: no page errors', errors.length === 0, errors.join(' | '));
    await context.close();
  }
  // Point cloud, phone, Chinese, read-only, small budget.
  {
    const { page, errors, context } = await openPage({ width: 390, height: 760 }, 'viewer=pointcloud&lang=zh&budget=60000', 'zh-CN');
    await pointsShown(page, 20_000);
    await shot(page, 'pointcloud-phone-zh-readonly');
    const stats = (await events(page, 'stats')).at(-1);
    check('pointcloud: budget respected', stats.visiblePoints <= 60_000, JSON.stringify(stats));
    check(
      'pointcloud: read-only has no tools, inputs or delete',
      (await page.locator('.s3d-pc-tool, .s3d-pc-item input, .s3d-pc-item__delete').count()) === 0,
    );
    check('pointcloud: Chinese strings', (await page.locator('.s3d-pc-panel h2').innerText()) === '测量');
    check('pointcloud phone: no page errors', errors.length === 0, errors.join(' | '));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const failed = checks.filter((entry) => !entry.ok);
console.log(`${checks.length - failed.length}/${checks.length} checks passed; screenshots in ${outDir}`);
process.exit(failed.length ? 1 : 0);
