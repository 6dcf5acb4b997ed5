/* global window -- the page functions run in the browser */
// Issue 29, "The shared work page opens fast on a phone": the demo tour's /details/{id} opened as a phone
// on a slow link, with an empty cache, through Chromium's own emulation (CDP):
//   Network.emulateNetworkConditions 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip;
//   Emulation.setCPUThrottlingRate 4; a 390×844 mobile viewport (touch, device scale 3).
// Reports, as the median of `--runs` opens:
//   - preview painted: the server's first-view picture painted (Element Timing of `img[elementtiming=first-view]`);
//   - first frame: the tour viewer's first WebGL draw (a wrapped drawElements/drawArrays), checked against
//     the app's own `spatia:tour-first-frame` mark where the build has it;
//   - script before the first frame: `.js` bytes on the wire (gzip) whose response ended before it.
// Baseline, in the same run: with `--baseline-dist DIR` (a web build from before the change, e.g. copied from
// apps/web/dist before rebuilding), the same page served from that build (its index.html without the first
// view, API and files from the same server); always, the floor: the HTML shell's response end.
// Target: the first view (the picture, and the aim for the viewer's first frame) within 3 s.
//   node scripts/build.mjs && node bench/details-first-view.mjs [--runs 5] [--baseline-dist DIR] [--server URL]
// (--server: a Spatia server already running with the demo works, instead of starting one on a scratch database.)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, SOFTWARE_WEBGL_ARGS } from '../packages/viewers/software-webgl.mjs';
import { format, freePort, median, root } from './lib.mjs';

const TARGET_MS = 3000;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 390, height: 844 };

/** Wraps WebGL drawing so the first draw into a canvas inside the tour viewer is timed (any build). */
const FIRST_DRAW_PROBE = `(() => {
  window.__firstTourDraw = null;
  for (const Context of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!Context) continue;
    for (const name of ['drawElements', 'drawArrays']) {
      const original = Context.prototype[name];
      Context.prototype[name] = function (...args) {
        if (window.__firstTourDraw === null && this.canvas && this.canvas.closest && this.canvas.closest('[data-testid="tour-viewer"]'))
          requestAnimationFrame(() => { if (window.__firstTourDraw === null) window.__firstTourDraw = performance.now(); });
        return original.apply(this, args);
      };
    }
  }
  window.__previewPainted = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.identifier === 'first-view' && window.__previewPainted === null) window.__previewPainted = entry.renderTime || entry.loadTime;
  }).observe({ type: 'element', buffered: true });
})();`;

async function startAppServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spatia-bench-details-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_WORKS: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).ok, 120_000, 'the server to start');
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The demo tour (seeded at the first start), once its processing has published the scenes. */
async function demoTourUid(baseUrl) {
  let uid = null;
  await waitFor(
    async () => {
      const body = await (await fetch(`${baseUrl}/api/showcase?pageNum=1&pageSize=20`)).json();
      const list = body.data?.list ?? body.data?.records ?? body.data ?? [];
      uid = list.find?.((work) => work.type === 'panorama')?.uid ?? null;
      return uid !== null && (await fetch(`${baseUrl}/api/model/${uid}/tour`)).ok;
    },
    600_000,
    'the demo tour to be processed',
  );
  return uid;
}

/**
 * The page as an older web build served it: its index.html for pages and its assets (the .gz twin when
 * there is one); the API and files from the app server.
 */
async function startBaselineServer(distDir, appUrl) {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'));
  const port = await freePort();
  const server = createServer((request, response) => {
    const pathname = new URL(request.url, 'http://x').pathname;
    if (pathname.startsWith('/assets/')) {
      const file = path.join(distDir, path.normalize(pathname));
      if (!file.startsWith(distDir) || !existsSync(file)) return void response.writeHead(404).end();
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/octet-stream';
      const headers = { 'content-type': type, 'cache-control': 'public, max-age=31536000, immutable' };
      if (existsSync(`${file}.gz`))
        return void response.writeHead(200, { ...headers, 'content-encoding': 'gzip' }).end(readFileSync(`${file}.gz`));
      return void response.writeHead(200, headers).end(readFileSync(file));
    }
    if (pathname.startsWith('/api/') || pathname.startsWith('/files/') || path.extname(pathname) !== '') {
      const target = new URL(request.url, appUrl);
      const upstream = httpRequest(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.writeHead(502).end());
      return void request.pipe(upstream);
    }
    response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-cache' }).end(indexHtml);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** One open of `url` with an empty cache on the emulated phone: what it took until the viewer's first frame. */
async function openOnce(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.addInitScript(FIRST_DRAW_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => window.__firstTourDraw !== null, null, { timeout: 120_000, polling: 100 });
    return await page.evaluate((mark) => {
      const firstFrame = window.__firstTourDraw;
      const navigation = performance.getEntriesByType('navigation')[0];
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= firstFrame);
      const appMark = performance.getEntriesByName(mark)[0]?.startTime ?? null;
      return {
        shell: navigation.responseEnd,
        preview: window.__previewPainted,
        firstFrame,
        appMark,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        scriptFiles: scripts.length,
        names: scripts.map((entry) => `${new URL(entry.name).pathname} ${entry.encodedBodySize}`),
        // BENCH_DETAIL: when each request of the page started and ended, to see the waterfall.
        timeline: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.encodedBodySize > 20_000 || !new URL(entry.name).pathname.startsWith('/assets/'))
          .map(
            (entry) =>
              `${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms ${new URL(entry.name).pathname} ${entry.encodedBodySize}`,
          ),
      };
    }, 'spatia:tour-first-frame');
  } finally {
    await context.close();
  }
}

function summary(label, results) {
  const pick = (key) => results.map((result) => result[key]).filter((value) => typeof value === 'number');
  const ms = (values) => (values.length ? `${format(median(values) / 1000, 2)} s` : 'n/a');
  const frame = median(pick('firstFrame'));
  console.log(
    `${label.padEnd(9)} shell ${ms(pick('shell'))}  preview painted ${ms(pick('preview'))}  viewer first frame ${ms(pick('firstFrame'))}` +
      ` (app mark ${ms(pick('appMark'))})  script before it ${format(median(pick('scriptBytes')) / 1024, 1)} kB gzip in ${median(pick('scriptFiles'))} files` +
      `  [frames: ${pick('firstFrame')
        .map((value) => format(value / 1000, 2))
        .join(', ')}]`,
  );
  return { frame, preview: pick('preview').length ? median(pick('preview')) : null, shell: median(pick('shell')) };
}

export async function run({ runs = 5, baselineDist, server } = {}) {
  console.log(
    `details first view (demo tour, 390×844 mobile, ${NETWORK.latency} ms RTT, 1.6 Mbit/s down, CPU ÷${CPU_SLOWDOWN}, empty cache, median of ${runs})`,
  );
  const app = server ? { baseUrl: server, stop: async () => {} } : await startAppServer();
  const baseline = baselineDist ? await startBaselineServer(path.resolve(baselineDist), app.baseUrl) : null;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: SOFTWARE_WEBGL_ARGS });
  try {
    const uid = await demoTourUid(app.baseUrl);
    // One unmeasured open each: the server's first answers (module loading, database caches) are not the page's.
    await openOnce(browser, `${app.baseUrl}/details/${uid}`);
    if (baseline) await openOnce(browser, `${baseline.baseUrl}/details/${uid}`);
    const current = [];
    const before = [];
    for (let round = 0; round < runs; round += 1) {
      // Alternated, so that load on the machine falls on both alike.
      current.push(await openOnce(browser, `${app.baseUrl}/details/${uid}`));
      if (baseline) before.push(await openOnce(browser, `${baseline.baseUrl}/details/${uid}`));
    }
    if (process.env.BENCH_DETAIL) console.log([...current.at(-1).names, ...current.at(-1).timeline].join('\n'));
    const now = summary('this', current);
    let ok = true;
    if (baseline) {
      const old = summary('baseline', before);
      console.log(
        `  viewer first frame: ${format(now.frame / old.frame, 2)}× the baseline build's (${format(old.frame / now.frame, 2)}× as fast)`,
      );
    }
    const firstView = now.preview ?? now.frame;
    console.log(
      `  floor (HTML shell arrived): first view ${format(firstView / now.shell, 2)}× it; target: first view ≤ ${TARGET_MS / 1000} s: ` +
        `picture ${format(firstView / 1000, 2)} s ${firstView <= TARGET_MS ? 'met' : 'NOT met'}, viewer's first frame ` +
        `${format(now.frame / 1000, 2)} s ${now.frame <= TARGET_MS ? 'met' : 'not met'}`,
    );
    ok = firstView <= TARGET_MS;
    return ok;
  } finally {
    await browser.close();
    await baseline?.stop();
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, 'baseline-dist': { type: 'string' }, server: { type: 'string' } },
  });
  const ok = await run({ runs: Number(values.runs), baselineDist: values['baseline-dist'], server: values.server });
  process.exitCode = ok ? 0 : 1;
}
