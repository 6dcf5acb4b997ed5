import { defineConfig, type PlaywrightWorkerOptions } from '@playwright/test';

/**
 * What a failing journey leaves to inspect (`npx playwright show-trace`), by E2E_TRACE:
 * - `snapshots` (default): the page's DOM at each step, kept only when the journey fails.
 * - `full`: those and a film of the screen, which makes Chromium paint and encode every frame in software.
 * - `off`: nothing; `npm test` runs so, and a failure there is rerun alone to see its trace.
 * Six journeys measured on 2 cores: 2.5 min filmed, 1.5 min with snapshots, 1.1 min with no trace.
 */
function traceOption(setting = 'snapshots'): PlaywrightWorkerOptions['trace'] {
  if (setting === 'off') return 'off';
  if (setting !== 'snapshots' && setting !== 'full') throw new Error(`E2E_TRACE is off, snapshots or full, not ${setting}`);
  return { mode: 'retain-on-failure', snapshots: true, sources: true, screenshots: setting === 'full' };
}

/** The journeys that open a 3D or point-cloud viewer (`test.use({ launchOptions: SOFTWARE_WEBGL })`). */
const VIEWER_JOURNEYS = ['spatial-works.spec.ts', 'tour-editor.spec.ts'];

/** Run through `npm run test:e2e` (scripts/e2e.mjs), which starts a seeded server and sets BASE_URL. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Generous for a shared 2-core machine, where two Chromiums drawing WebGL in software can starve the page
  // (a single fill has taken 6 s there): a journey that hangs still fails, a slow one does not.
  timeout: 90_000,
  // A page that loads while the other worker processes panoramas has taken over 10 s to show its first rows.
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_FILE to count the results into `npm test`'s summary line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    locale: 'zh-CN',
    viewport: { width: 1366, height: 860 },
    // Asks the app for no motion, as some people's systems do: nothing to wait out, and no frames to paint
    // in software while a dialog slides in (Chromium's compositor was the largest CPU user of the journeys).
    reducedMotion: 'reduce',
    trace: traceOption(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions: {
      // The Debian chromium package; never `npx playwright install`.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The journeys that draw WebGL in software take a different browser, so Playwright queued them after all the
  // others, and the longest (over two minutes) ran alone at the end. As a project listed first they start first,
  // and the short journeys fill in beside them.
  projects: [
    { name: 'viewers', testMatch: VIEWER_JOURNEYS },
    { name: 'site', testIgnore: VIEWER_JOURNEYS },
  ],
});
