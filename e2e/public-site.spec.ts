import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { fillPath } from './support/console-routes';
import { DEMO_PANORAMAS, processOrigins } from './support/processing';
import { publicPaths } from './support/public-routes';
import { snap } from './support/session';

/*
 * Issue 29: every public page (each route of the route table with a page that spec 2.1 leaves open, the
 * header's links among them) opens signed out in zh and en, on a desktop and at 390 px, is not the
 * not-found page, and axe-core finds no serious or critical violation on it. One browser, one context per
 * language and width, reused for every page; a screenshot of each lands in e2e/.artifacts/public-site-*.
 *
 * axe checks each page in both layouts, once each: on the desktop in zh and at 390 px in en. What it finds
 * (contrast, names, roles, landmarks) depends on the layout and not on the language, and it was most of this
 * journey's time (2.4 s a page of 6, measured on 2 cores; 9.2 min for the journey with all four).
 */

const VIEWS = [
  { language: 'zh', width: 'desktop', axe: true },
  { language: 'en', width: 'phone', axe: true },
  { language: 'en', width: 'desktop', axe: false },
  { language: 'zh', width: 'phone', axe: false },
] as const;

const VIEWPORTS = {
  desktop: { width: 1366, height: 860 },
  phone: { width: 390, height: 844 },
} as const;

/** What axe reports as serious or critical on the page, one line each (rule, impact, the first targets). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * The phone pages of spec 2.5 that show something only for the space, listing or order their query names: their own
 * journeys open them with one, at both phone sizes and in both languages.
 */
const OWN_JOURNEY: Record<string, string> = {
  '/mobile/storeDetail': 'e2e/space-shop.spec.ts',
  '/space/shop': 'e2e/space-shop.spec.ts',
  '/space/house': 'e2e/spaces.spec.ts',
  '/space/template': 'e2e/spaces.spec.ts',
  '/space/new': 'e2e/spaces.spec.ts',
  '/mobile_space': 'e2e/spaces.spec.ts',
  '/spaceDetail': 'e2e/spaces.spec.ts',
  '/space/paySuccess': 'e2e/mobile-pay.spec.ts',
  '/space/shop-pay': 'e2e/mobile-pay.spec.ts',
  '/space/upload': 'e2e/space-upload.spec.ts',
  '/chooseAddress': 'e2e/space-upload.spec.ts',
};

test('every public page opens signed out, in both languages and widths, with no serious axe violation', async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(600_000);
  // Seeded data for the pages with a parameter: a published one-scene tour and its owner.
  const owner = await signedInAccount(request, playwright.request, { network: 9, password: 'Public2026', baseURL });
  const { uid: workUid } = await dataOf<{ uid: string }>(
    await owner.api.post('/api/model', { data: { name: '公开样板间', type: 'panorama', description: '江景两居室' } }),
  );
  await processOrigins(owner.api, workUid, [{ name: '客厅.jpg', bytes: readFileSync(path.join(DEMO_PANORAMAS, 'living-room.jpg')) }]);
  await dataOf(await owner.api.put(`/api/model/${workUid}/onLined`, { form: { onLined: 'true' } }));
  const values: Record<string, Record<string, string>> = {
    '/details/:id': { id: workUid },
    '/userWork/:id': { id: owner.uid },
    '/mobile/category/:id': { id: 'all' },
  };

  const paths = publicPaths().filter((routePath) => {
    if (OWN_JOURNEY[routePath]) {
      test
        .info()
        .annotations.push({ type: 'skipped path', description: `${routePath}: needs its query; walked by ${OWN_JOURNEY[routePath]}` });
      return false;
    }
    if (!routePath.includes(':') || values[routePath]) return true;
    test.info().annotations.push({ type: 'skipped path', description: `${routePath}: no seeded value for its parameter` });
    return false;
  });
  const failures: string[] = [];
  for (const view of VIEWS) {
    const context = await browser.newContext({ locale: view.language === 'zh' ? 'zh-CN' : 'en-US', viewport: VIEWPORTS[view.width] });
    const page = await context.newPage();
    for (const routePath of paths) {
      const url = routePath.includes(':') ? fillPath(routePath, values[routePath]!) : routePath;
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      // The server's crawler summary stands in #root until the app renders there: gone, or the app never started.
      await expect(page.locator('[data-crawler-summary]')).toHaveCount(0);
      const where = `${url} (${view.language}, ${view.width})`;
      if ((await page.getByTestId('not-found').count()) > 0) failures.push(`${where}: the not-found page`);
      if (view.axe) for (const violation of await seriousViolations(page)) failures.push(`${where}: ${violation}`);
      await snap(page, `public-site-${view.language}-${view.width}${routePath.replace(/[/:]+/g, '-')}`);
    }
    await context.close();
  }
  expect(failures).toEqual([]);
});
