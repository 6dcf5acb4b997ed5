import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataOf } from './support/api';
import { DEMO_PANORAMAS } from './support/processing';
import { sessionFromApi, snap } from './support/session';
import type { Language } from './support/back-office';
import { fitsThePhone, phonePage, PHONES, type Phone } from './support/phone';
import { SOFTWARE_WEBGL } from './support/webgl';
import { authHeaders, sessionToken } from './support/works';

/*
 * The phone's upload and address pages (docs/space-upload.md), at two phone sizes with touch, in zh and en:
 * a signed-out visitor is sent to sign in and back; a picture that is no panorama is refused with the reason; a
 * demo panorama chosen from "the gallery" (the file chooser) is uploaded through tus, after a dropped connection,
 * processed, put in the space and opened. /chooseAddress: drag the map, use the (granted, fixed) location, type
 * the address, confirm, and the return page gets lat, lng and address with its own query kept.
 */

// /chooseAddress's map is WebGL, drawn in software here (the default launch switches the GPU off).
test.use({ launchOptions: SOFTWARE_WEBGL });

/** The upload journey's phone size per language; the address journey takes the other one. */
const PHONE: Record<Language, Phone> = { zh: PHONES[0], en: PHONES[1] };
const OTHER_PHONE: Record<Language, Phone> = { zh: PHONES[1], en: PHONES[0] };
const USERS: Record<Language, { phone: string; password: string }> = {
  zh: { phone: '13800000115', password: 'Upload#2026' },
  en: { phone: '13800000116', password: 'Upload#2026' },
};

const WORDS = {
  zh: {
    gallery: '从相册选择',
    signIn: '登录',
    notPanorama: '这不是 360° 全景图',
    open: '打开作品',
    locate: '使用我的位置',
    allow: '继续',
    why: '在您确认地址之前，不会保存您的位置',
    confirm: '确定',
  },
  en: {
    gallery: 'Choose from the gallery',
    signIn: 'Sign in',
    notPanorama: 'This is not a 360° panorama',
    open: 'Open the work',
    locate: 'Use my location',
    allow: 'Continue',
    why: 'Your location is not stored until you confirm',
    confirm: 'Confirm',
  },
} as const;

for (const language of ['zh', 'en'] as const) {
  test(`a panorama from the phone's gallery is uploaded, processed, put in the space and opened (${language})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const words = WORDS[language];
    const page = await phonePage(browser, test.info().project.use.baseURL, language, PHONE[language].viewport, { user: USERS[language] });

    // The owner's space, through the API.
    await page.goto('/mobile/home');
    const headers = authHeaders(await sessionToken(page));
    const space = await dataOf<{ uid: string }>(
      await page.request.post('/api/c/space', {
        headers,
        data: { kind: 'personal', name: `${language === 'zh' ? '我的房源' : 'My homes'} ${Date.now() % 100_000}`, visibility: 'public' },
      }),
    );
    const target = `/space/upload?space=${space.uid}`;

    // Signed out: choosing a picture asks to sign in first, and the sign-in comes back here.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(target);
    await page.getByRole('button', { name: words.gallery }).click();
    await page.getByRole('button', { name: words.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(target);

    await sessionFromApi(page.context(), USERS[language]);
    await page.goto(target);
    await expect(page.getByTestId('space-upload')).toBeVisible();
    await fitsThePhone(page);
    await snap(page, `space-upload-${language}-01-empty`);

    // A photo that is no panorama is refused with the reason, before anything is sent.
    let chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: words.gallery }).click();
    await (await chooser).setFiles(path.join(DEMO_PANORAMAS, 'pavilion-cover.jpg'));
    const refused = page.getByTestId('space-upload-item').filter({ hasText: 'pavilion-cover.jpg' });
    await expect(refused).toHaveAttribute('data-phase', 'refused');
    await expect(refused).toContainText(words.notPanorama);

    // The first PATCH of the upload loses its connection; tus asks where to go on (HEAD) and finishes.
    let cut = false;
    const heads: string[] = [];
    await page.route('**/api/tus/**', async (route) => {
      const method = route.request().method();
      if (method === 'HEAD') heads.push(route.request().url());
      if (method === 'PATCH' && !cut) {
        cut = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });

    const name = language === 'zh' ? '客厅.jpg' : 'living-room.jpg';
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: words.gallery }).click();
    await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: readFileSync(path.join(DEMO_PANORAMAS, 'living-room.jpg')) });
    const card = page.getByTestId('space-upload-item').filter({ hasText: name });
    const body = card.locator('[data-phase][data-uid]');
    await expect(card.getByTestId('space-upload-upload')).toBeVisible();
    await snap(page, `space-upload-${language}-02-uploading`);
    await expect(card.getByTestId('space-upload-upload')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    expect(cut, 'the connection was cut once').toBe(true);
    expect(heads.length, 'the upload resumed from where the server had it').toBeGreaterThan(0);
    await expect(card.getByTestId('space-upload-processing')).toBeVisible();
    await snap(page, `space-upload-${language}-03-processing`);
    await expect(body).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await expect(card.getByTestId('space-upload-processing')).toHaveAttribute('data-state', 'done');
    await fitsThePhone(page);
    await snap(page, `space-upload-${language}-04-done`);
    const workUid = (await body.getAttribute('data-uid'))!;

    // The work is in the space, and processed.
    const mine = await dataOf<{ uid: string; works: { uid: string }[] }>(
      await page.request.get(`/api/space/detail?uid=${space.uid}`, { headers }),
    );
    expect(mine.works.map((work) => work.uid)).toContain(workUid);
    const processing = await dataOf<{ state: string; sceneCount: number }>(
      await page.request.get(`/api/model/${workUid}/processing`, { headers }),
    );
    expect(processing).toMatchObject({ state: 'done', sceneCount: 1 });

    // Leaving is free now that nothing uploads; the link opens the work.
    await card.getByRole('link', { name: words.open }).click();
    await expect(page).toHaveURL(new RegExp(`/details/${workUid}$`));
    await page.context().close();
  });
}

test.describe('choosing an address', () => {
  for (const language of ['zh', 'en'] as const) {
    test(`an address is chosen on the map and with the phone's location, and goes back to the page that asked (${language})`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const words = WORDS[language];
      const here = language === 'zh' ? { latitude: 31.2304, longitude: 121.4737 } : { latitude: 48.8566, longitude: 2.3522 };
      const page = await phonePage(browser, test.info().project.use.baseURL, language, OTHER_PHONE[language].viewport, {
        geolocation: here,
      });

      // A return path of another site is refused: nowhere to confirm to.
      await page.goto('/chooseAddress?return=//evil.example/x');
      await expect(page.getByTestId('choose-address-bad-return')).toBeVisible();
      await expect(page.getByTestId('choose-address-confirm')).toBeDisabled();

      await page.goto(`/chooseAddress?return=${encodeURIComponent('/mobile/home?from=space&tab=1')}&lat=30&lng=110`);
      const panel = page.getByTestId('choose-address');
      await expect(panel).toHaveAttribute('data-mode', /bundled|operator|unavailable/, { timeout: 30_000 });
      const readout = page.getByTestId('choose-address-readout');
      await expect(readout).toHaveAttribute('data-lat', '30');

      // Dragging the map moves the point under the pin.
      expect(await panel.getAttribute('data-mode')).not.toBe('unavailable');
      const box = (await page.getByTestId('choose-address-map').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 + 60, { steps: 8 });
      await page.mouse.up();
      await expect(readout).not.toHaveAttribute('data-lat', '30');
      await fitsThePhone(page);
      await snap(page, `choose-address-${language}-01-dragged`, { fullPage: false });

      // "Use my location" says why first, then puts the pin where the phone is.
      await page.getByRole('button', { name: words.locate }).click();
      await expect(page.getByText(words.why)).toBeVisible();
      await snap(page, `choose-address-${language}-02-why`, { fullPage: false });
      await page.getByRole('button', { name: words.allow }).click();
      await expect(readout).toHaveAttribute('data-lat', String(here.latitude));
      await expect(readout).toHaveAttribute('data-lng', String(here.longitude));
      await expect(readout).toContainText(language === 'zh' ? 'China' : 'France');
      const address = language === 'zh' ? '黄浦区南京东路 1 号' : '1 Rue de Rivoli';
      await page.locator('#choose-address-text').fill(address);
      await fitsThePhone(page);
      await snap(page, `choose-address-${language}-03-located`, { fullPage: false });

      await page.getByRole('button', { name: words.confirm, exact: true }).click();
      await expect(page).toHaveURL(/\/mobile\/home\?/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
        from: 'space',
        tab: '1',
        lat: String(here.latitude),
        lng: String(here.longitude),
        address,
      });
      await page.context().close();
    });
  }
});
