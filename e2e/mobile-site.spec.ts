import { expect, test, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { freshPng, type Language } from './support/back-office';
import { upload } from './support/processing';
import { snap, users } from './support/session';
import { fitsThePhone, phonePage, PHONES, pullDown } from './support/phone';

/*
 * The public phone pages of spec 2.5 (docs/mobile.md), on two phones (375x667 and 360x740, touch) in both
 * languages: /mobile/home, /mobile/category/{id}, /mobile/map and /mobile/product each open a finished page that
 * does not scroll sideways; the tab bar moves between them; the home list loads its second page when scrolled
 * to its end; a category tab shows that kind only; the map shows a work and its sheet opens it; Apply asks a
 * visitor to sign in. The works are seeded through the API as an owner and the admin would: put online, passed
 * by review, shown in the official showcase, one of them placed on the map.
 */

/** More than one page of the phone lists (10 a page). */
const SEEDED_WORKS = 12;
const PASSWORD = 'Mobile#2026';
/** Far from the places other journeys use (map.spec.ts), so the work is alone at its spot. */
const PLACE = { latitude: 46.1234, longitude: 7.6543 };

interface Seeded {
  names: string[];
  located: { uid: string; name: string };
}

/** Signs in as the seed phone, creating its account the first time (a worker restarted may sign in again). */
async function owner(request: APIRequestContext, contexts: APIRequest, phone: string, baseURL: string | undefined) {
  const login = await request.post('/api/client/login', { form: { phoneNumber: phone, password: PASSWORD } });
  if (!login.ok() || ((await login.json()) as { code: number }).code !== 0) await createAccount(request, phone, PASSWORD);
  return signedInAs(request, contexts, { phone, password: PASSWORD, baseURL });
}

/** Twelve panoramas in the official showcase, the last one on the map at PLACE. */
async function seedShowcase(
  request: APIRequestContext,
  contexts: APIRequest,
  { phone, language, baseURL }: { phone: string; language: Language; baseURL: string | undefined },
): Promise<Seeded> {
  const seller = await owner(request, contexts, phone, baseURL);
  const admin = await signedInAs(request, contexts, { ...users.admin, baseURL });
  const stamp = Date.now() % 100_000;
  const names: string[] = [];
  let located = { uid: '', name: '' };
  try {
    for (let index = 0; index < SEEDED_WORKS; index += 1) {
      const name = `${language === 'zh' ? '手机展厅' : 'Phone gallery'} ${stamp}-${String(index + 1).padStart(2, '0')}`;
      const work = await dataOf<{ uid: string }>(
        await seller.api.post('/api/model', { data: { name, type: 'panorama', description: '' } }),
      );
      await upload(seller.api, work.uid, 'uploadCredentials', 'cover.png', freshPng(320, 200, language));
      await upload(seller.api, work.uid, 'origin/uploadCredentials', 'origin.png', freshPng(64, 32, language));
      await dataOf(await seller.api.put(`/api/model/${work.uid}/onLined`, { data: { onLined: true } }));
      await dataOf(await seller.api.post(`/api/model/${work.uid}/audit`));
      await dataOf(await admin.api.post(`/api/audit/models/${work.uid}/claim`));
      await dataOf(await admin.api.post(`/api/audit/models/${work.uid}/decision`, { data: { passed: true, note: '' } }));
      const last = index === SEEDED_WORKS - 1;
      await dataOf(await seller.api.patch(`/api/model/${work.uid}/attr`, { data: { openInOfficial: true, ...(last ? PLACE : {}) } }));
      names.push(name);
      if (last) located = { uid: work.uid, name };
    }
  } finally {
    await Promise.all([seller.api.dispose(), admin.api.dispose()]);
  }
  return { names, located };
}

const cards = (page: Page) => page.getByTestId('mobile-works').getByTestId('mobile-work-card');

let seeded: Seeded | undefined;

test.beforeAll(async ({ request, playwright }, info) => {
  test.setTimeout(240_000);
  // One seed phone per worker (13800000105-109): the showcase is shared, each worker adds its own works.
  const phone = `138000001${String(5 + (info.workerIndex % 5)).padStart(2, '0')}`;
  seeded = await seedShowcase(request, playwright.request, { phone, language: 'zh', baseURL: info.project.use.baseURL });
});

for (const language of ['zh', 'en'] as const) {
  for (const phone of PHONES) {
    const tag = `${language}-${phone.viewport.width}`;
    test(`the public phone pages: home, categories, map and product, with the tab bar (${language}, ${phone.name})`, async ({
      browser,
    }, info) => {
      test.setTimeout(180_000);
      const { names, located } = seeded!;
      const text = language === 'zh' ? ZH : EN;
      const page = await phonePage(browser, info.project.use.baseURL, language, phone.viewport);
      const context = page.context();
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation(PLACE);

      // Home: the search box, the featured works, the chips, the latest works.
      await page.goto('/mobile/home');
      await expect(page.getByRole('heading', { level: 1, name: text.home })).toBeVisible();
      await expect(page.getByTestId('mobile-featured')).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      await expect(page.getByTestId('mobile-chip-panorama')).toHaveText(text.panorama);
      await snap(page, `mobile-site-${tag}-01-home`, { fullPage: false });
      await fitsThePhone(page);

      // A list that cannot load says so in the reader's language, with a retry that loads it.
      const showcase = /\/api\/showcase\?/;
      await page.route(showcase, (route) => route.abort());
      await page.reload();
      const failed = page.getByTestId('mobile-works-failed');
      await expect(failed).toContainText(language === 'zh' ? '加载失败' : 'Could not load', { timeout: 30_000 });
      await failed.scrollIntoViewIfNeeded();
      await snap(page, `mobile-site-${tag}-01b-home-failed`, { fullPage: false });
      await page.unroute(showcase);
      await failed.getByRole('button', { name: language === 'zh' ? '重试' : 'Retry' }).click();
      await expect(cards(page)).toHaveCount(10);

      // The list's second page comes when its end scrolls into view.
      expect(await cards(page).count()).toBe(10);
      await page.getByText(text.loading).last().scrollIntoViewIfNeeded();
      await expect.poll(() => cards(page).count()).toBeGreaterThan(10);
      // Nothing twice: the second page goes on where the first stopped.
      const uids = await cards(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-uid')));
      expect(new Set(uids).size).toBe(uids.length);
      await snap(page, `mobile-site-${tag}-02-home-second-page`, { fullPage: false });
      await fitsThePhone(page);

      // The search box goes to /search.
      await page.evaluate(() => window.scrollTo(0, 0));
      const search = page.getByTestId('mobile-home-search').locator('input');
      await search.fill(names[1]!.split(' ')[0]!);
      await search.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=/);
      await page.goBack();
      await expect(page).toHaveURL(/\/mobile\/home$/);

      // The tab bar: to the categories, where a tab shows one kind.
      await page.getByTestId('mobile-tab-category').click();
      await expect(page).toHaveURL(/\/mobile\/category\/all$/);
      await expect(cards(page).first()).toBeVisible();
      await snap(page, `mobile-site-${tag}-03-category-all`, { fullPage: false });
      await fitsThePhone(page);
      // Pulled down at the top (the list starts under the tabs here, on home under the strip), it loads again and says so.
      const reloaded = page.waitForRequest((request) => request.url().includes('/api/showcase'));
      const list = (await page.getByTestId('mobile-works').boundingBox())!;
      await pullDown(page, { x: list.x + list.width / 2, y: list.y + 20 }, 160);
      await reloaded;
      await expect(page.getByText(language === 'zh' ? '刷新成功' : 'Refreshed')).toBeVisible();
      await page.getByTestId('mobile-category-tab-model').click();
      await expect(page).toHaveURL(/\/mobile\/category\/model$/);
      await expect(page.getByTestId('mobile-works').or(page.getByTestId('mobile-works-empty'))).toBeVisible();
      await expect(cards(page).filter({ hasText: names[0]! })).toHaveCount(0);
      await snap(page, `mobile-site-${tag}-03b-category-model`, { fullPage: false });
      await page.getByTestId('mobile-category-tab-panorama').click();
      await expect(page).toHaveURL(/\/mobile\/category\/panorama$/);
      await expect(cards(page).first()).toBeVisible();
      await expect(page.getByTestId('mobile-category-tab-panorama')).toHaveAttribute('aria-selected', 'true');
      await snap(page, `mobile-site-${tag}-04-category-panorama`, { fullPage: false });
      await fitsThePhone(page);
      // A card opens the work's public page.
      await cards(page).first().click();
      await expect(page).toHaveURL(/\/details\/[\w-]+$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/mobile\/category\/panorama$/);

      // The map: the works on it; "locate me" says why before the browser asks, then goes to where the phone is
      // (PLACE, where the seeded work stands); the sheet lists the works in view and opens one.
      await page.getByTestId('mobile-tab-map').click();
      await expect(page).toHaveURL(/\/mobile\/map$/);
      const map = page.getByTestId('works-map');
      await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      await expect(page.getByTestId('map-cluster').or(page.getByTestId('map-point')).first()).toBeVisible();
      await expect(page.getByTestId('mobile-map-count')).toContainText(text.inView);
      await snap(page, `mobile-site-${tag}-05-map`, { fullPage: false });
      await fitsThePhone(page);
      await page.getByTestId('mobile-map-locate').click();
      await expect(page.getByText(text.locateReason)).toBeVisible();
      await snap(page, `mobile-site-${tag}-06-map-locate`, { fullPage: false });
      await page.getByRole('button', { name: text.notNow }).click();
      await expect(page.getByText(text.locateReason)).toBeHidden();
      await page.getByTestId('mobile-map-locate').click();
      await page.getByRole('button', { name: text.allow }).click();
      await expect(map).toHaveAttribute('data-center', `${PLACE.longitude},${PLACE.latitude}`);
      await page.getByTestId('mobile-map-count').click();
      await expect(page.getByTestId('mobile-map-count')).toHaveAttribute('aria-expanded', 'true');
      const item = page.locator(`[data-testid="mobile-map-work"][data-uid="${located.uid}"]`);
      await item.scrollIntoViewIfNeeded();
      await expect(item).toContainText(located.name);
      await snap(page, `mobile-site-${tag}-07-map-sheet`, { fullPage: false });
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/details/${located.uid}$`));
      await page.goBack();
      await expect(page).toHaveURL(/\/mobile\/map$/);

      // The product: its content and the membership versions; Apply asks a visitor to sign in.
      await page.getByTestId('mobile-tab-product').click();
      await expect(page).toHaveURL(/\/mobile\/product$/);
      await expect(page.getByTestId('mobile-product')).toBeVisible();
      await expect(page.getByTestId('mobile-versions')).toBeVisible();
      await snap(page, `mobile-site-${tag}-08-product`, { fullPage: false });
      await fitsThePhone(page);
      await page.getByTestId('mobile-versions').scrollIntoViewIfNeeded();
      await snap(page, `mobile-site-${tag}-09-product-versions`, { fullPage: false });
      // The platform's versions (two seeded ones, as the desktop comparison shows them: e2e/site-pages.spec.ts).
      await expect(page.getByTestId('mobile-version').first()).toBeVisible();
      const apply = page.getByTestId('mobile-version-apply').first();
      await expect(apply).toHaveText(text.signInToApply);
      await apply.click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fmobile%2Fproduct$/);
      await page.goBack();

      // Home again from the tab bar; an unknown category is not found.
      await page.getByTestId('mobile-tab-home').click();
      await expect(page).toHaveURL(/\/mobile\/home$/);
      await page.goto('/mobile/category/nothing');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await context.close();
    });
  }
}

const ZH = {
  home: '发现',
  panorama: '全景',
  loading: '加载中…',
  inView: '视野内',
  locateReason: '只用来把地图移到你所在的地方',
  notNow: '暂不',
  allow: '继续',
  signInToApply: '登录后申请',
};
const EN = {
  home: 'Discover',
  panorama: 'Panoramas',
  loading: 'Loading…',
  inView: 'in view',
  locateReason: 'only to move the map to where you are',
  notNow: 'Not now',
  allow: 'Continue',
  signInToApply: 'Sign in to apply',
};
