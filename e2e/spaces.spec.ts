import { expect, test, type Page } from '@playwright/test';
import { signedInAs, type SignedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { freshPng, type Language } from './support/back-office';
import { upload } from './support/processing';
import { sessionFromApi, snap } from './support/session';

/*
 * The space pages on a phone (docs/spaces-pages.md): create a space, pick a template, see it drawn by that
 * template, open a private one with its code, a person's spaces and houses. At 375x667 and 360x740 with touch,
 * in Chinese and in English; no page scrolls sideways. Owners: scripts/e2e.mjs seeds 13800000110–113 (one per
 * language and size, so parallel runs never share a space list) and a visitor, 114.
 */

const PASSWORD = 'Space#2026';
const VISITOR = { phone: '13800000114', password: PASSWORD };
const SIZES = [
  { width: 375, height: 667 },
  { width: 360, height: 740 },
] as const;

const words = {
  zh: { create: '创建', useTemplate: '使用此模板', open: '打开空间', wrong: '访问码不正确', newSpace: '新建空间', private: '私密' },
  en: {
    create: 'Create',
    useTemplate: 'Use this template',
    open: 'Open the space',
    wrong: 'That code is not right',
    newSpace: 'New space',
    private: 'Private',
  },
} as const;

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/** An online panorama of the owner's (cover and a small origin), to show in a space and among the houses. */
async function onlinePanorama(owner: SignedInAccount, name: string, language: Language): Promise<string> {
  const work = await dataOf<{ uid: string }>(await owner.api.post('/api/model', { data: { name, type: 'panorama', description: '' } }));
  await upload(owner.api, work.uid, 'uploadCredentials', 'cover.png', freshPng(320, 180, language));
  await upload(owner.api, work.uid, 'origin/uploadCredentials', 'origin.png', freshPng(64, 32, language));
  await dataOf(await owner.api.put(`/api/model/${work.uid}/onLined`, { data: { onLined: true } }));
  return work.uid;
}

for (const [index, size] of SIZES.entries()) {
  for (const language of ['zh', 'en'] as const) {
    test.describe(`${size.width}x${size.height} ${language}`, () => {
      test.use({ viewport: size, hasTouch: true, isMobile: true, locale: language === 'zh' ? 'zh-CN' : 'en-US' });
      const ownerPhone = `138000001${10 + index * 2 + (language === 'zh' ? 0 : 1)}`;
      const tag = `${size.width}-${language}`;
      const say = words[language];

      test(`create a space, pick a template, see it; houses and spaces of a person (${tag})`, async ({
        page,
        request,
        playwright,
      }, info) => {
        test.slow();
        const owner = await signedInAs(request, playwright.request, {
          phone: ownerPhone,
          password: PASSWORD,
          baseURL: info.project.use.baseURL,
        });
        const workName = language === 'zh' ? `江景客厅 ${tag}` : `River room ${tag}`;
        const workUid = await onlinePanorama(owner, workName, language);

        await sessionFromApi(page.context(), { phone: ownerPhone, password: PASSWORD });
        await page.goto('/space/new');
        const name = language === 'zh' ? `滨江公寓 ${tag}` : `Riverside ${tag}`;
        await page.getByTestId('space-form-name').locator('input').fill(name);
        await page
          .getByTestId('space-form-intro')
          .locator('textarea:not([aria-hidden])')
          .fill(language === 'zh' ? '看房请预约' : 'Viewings by appointment');
        await page.getByTestId('space-form-phone').locator('input').fill('+86 138-0000-0110');
        await page
          .getByTestId('space-form-address')
          .locator('textarea:not([aria-hidden])')
          .fill(language === 'zh' ? '上海市黄浦区中山东一路 1 号' : '1 Zhongshan East Road, Shanghai');
        await noSidewaysScroll(page);
        await snap(page, `spaces-new-${tag}`);
        await page.getByRole('button', { name: say.create }).tap();

        await expect(page).toHaveURL(/\/space\/template\?id=/);
        const uid = new URL(page.url()).searchParams.get('id')!;
        // The works go in through the API (the upload page's own journey adds them from the phone).
        await dataOf(await owner.api.put(`/api/c/space/${uid}/works`, { data: { workUids: [workUid] } }));
        await page.reload();
        await page.getByTestId('space-template-gallery').tap();
        await expect(page.getByTestId('space-template-preview')).toHaveAttribute('data-template', 'gallery');
        await noSidewaysScroll(page);
        await snap(page, `spaces-template-${tag}`);
        await page.getByRole('button', { name: say.useTemplate }).tap();

        await expect(page).toHaveURL(new RegExp(`/spaceDetail\\?uid=${uid}`));
        const view = page.getByTestId('space-view');
        await expect(view).toHaveAttribute('data-template', 'gallery');
        await expect(page.getByTestId('space-works')).toHaveAttribute('data-layout', 'grid');
        await expect(page.getByTestId('space-name')).toHaveText(name);
        await expect(page.getByTestId('space-work')).toHaveCount(1);
        await expect(page.getByTestId('space-call')).toHaveAttribute('href', 'tel:+8613800000110');
        await expect(page.getByTestId('space-shop')).toHaveAttribute('href', /\/space\/shop\?id=\d+/);
        // The template's colours are the screen's variables.
        const background = await page
          .locator('.m-screen')
          .evaluate((element) => getComputedStyle(element).getPropertyValue('--m-background').trim());
        expect(background).toBe('#141414');
        await noSidewaysScroll(page);
        await snap(page, `spaces-detail-${tag}`);
        await page.getByTestId('space-share-open').tap();
        await expect(page.getByTestId('space-share-url')).toContainText(`/spaceDetail?uid=${uid}`);
        await snap(page, `spaces-share-${tag}`, { fullPage: false });

        // A visitor: the person's spaces and houses.
        const visitor = await page
          .context()
          .browser()!
          .newContext({
            viewport: size,
            hasTouch: true,
            isMobile: true,
            locale: language === 'zh' ? 'zh-CN' : 'en-US',
            baseURL: info.project.use.baseURL,
            reducedMotion: 'reduce',
          });
        const other = await visitor.newPage();
        await other.goto(`/mobile_space?uid=${owner.uid}`);
        await expect(other.locator(`[data-testid="space-card"][data-uid="${uid}"]`)).toBeVisible();
        await expect(other.getByTestId('space-new')).toHaveCount(0);
        await noSidewaysScroll(other);
        await snap(other, `spaces-person-${tag}`);
        await other.getByTestId('space-person-houses').tap();
        await expect(other).toHaveURL(new RegExp(`/space/house\\?uid=${owner.uid}`));
        await expect(other.locator(`[data-testid="space-house"][data-uid="${workUid}"]`)).toBeVisible();
        await noSidewaysScroll(other);
        await snap(other, `spaces-houses-${tag}`);
        await visitor.close();

        // The owner sees "new space" on their own list.
        await page.goto(`/mobile_space?uid=${owner.uid}`);
        await expect(page.getByTestId('space-new')).toBeVisible();
        await owner.api.dispose();
      });

      test(`a private space asks for its code and opens with it (${tag})`, async ({ page, request, playwright }, info) => {
        const owner = await signedInAs(request, playwright.request, {
          phone: ownerPhone,
          password: PASSWORD,
          baseURL: info.project.use.baseURL,
        });
        const name = language === 'zh' ? `私享会所 ${tag}` : `Members club ${tag}`;
        const space = await dataOf<{ uid: string }>(
          await owner.api.post('/api/c/space', {
            data: {
              kind: 'enterprise',
              name,
              visibility: 'private',
              accessCode: 'Open42',
              templateCode: 'enterprise',
              brandColor: '#aa0011',
            },
          }),
        );
        await owner.api.dispose();
        await sessionFromApi(page.context(), VISITOR);
        await page.goto(`/spaceDetail?uid=${space.uid}`);
        await expect(page.getByTestId('space-code-gate')).toBeVisible();
        await page.getByTestId('space-code-input').locator('input').fill('Wrong1');
        await page.getByRole('button', { name: say.open }).tap();
        await expect(page.getByTestId('space-code-wrong')).toContainText(say.wrong);
        await noSidewaysScroll(page);
        await snap(page, `spaces-code-wrong-${tag}`);
        await page.getByTestId('space-code-input').locator('input').fill('Open42');
        await page.getByRole('button', { name: say.open }).tap();
        await expect(page.getByTestId('space-name')).toHaveText(name);
        await expect(page).toHaveURL(/code=Open42/);
        const accent = await page
          .locator('.m-screen')
          .evaluate((element) => getComputedStyle(element).getPropertyValue('--m-accent').trim());
        expect(accent).toBe('#aa0011');
        await expect(page.getByTestId('space-works')).toHaveCount(0);
        await noSidewaysScroll(page);
        await snap(page, `spaces-private-open-${tag}`);
      });
    });
  }
}

test('signed out, /space/new asks to sign in and comes back', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/space/new');
  await page.getByTestId('space-sign-in').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fspace%2Fnew/);
});
