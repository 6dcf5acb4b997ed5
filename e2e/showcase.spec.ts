import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { signInAt } from './support/back-office';
import { upload } from './support/processing';
import { snap, users } from './support/session';
import { gradientPng } from './support/works';

/*
 * Brand pages (docs/brand-pages.md), in Chinese. An owner with permission 42 builds a showcase of two works,
 * reorders them, publishes it and shares its link, which opens signed out on a phone; they make a landing page
 * for one of the works, a signed-out visitor leaves a lead on it, and the owner finds it among the leads and
 * marks it handled. Someone without permission 42 has neither page.
 */

/** A published work with a cover of its own colours. */
async function onlineWork(api: APIRequestContext, name: string, from: [number, number, number]): Promise<string> {
  const work = await dataOf<{ uid: string }>(await api.post('/api/model', { data: { name, type: 'panorama', description: '' } }));
  const png = gradientPng(96, 48, from, [240, 220, 180]);
  await upload(api, work.uid, 'uploadCredentials', 'cover.png', png);
  await upload(api, work.uid, 'origin/uploadCredentials', 'origin.png', png);
  await dataOf(await api.put(`/api/model/${work.uid}/onLined`, { form: { onLined: 'true' } }));
  return work.uid;
}

/** A signed-out phone (390 px) in a browser of its own. */
async function phone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** Nothing wider than the phone, once the layout has answered a resize (the console closes its sidebar under 992 px). */
async function fitsThePhone(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a showcase and a landing page: built, published, opened signed out on a phone, a lead left and seen', async ({
  page,
  request,
  playwright,
  browser,
}, info) => {
  const baseURL = info.project.use.baseURL;
  const { owner } = users.brandPages;
  const account = await signedInAs(request, playwright.request, { ...owner, baseURL });
  const stamp = Date.now() % 100_000;
  const living = `江景客厅 ${stamp}`;
  const bedroom = `主卧套房 ${stamp}`;
  await onlineWork(account.api, living, [30, 90, 160]);
  await onlineWork(account.api, bedroom, [160, 60, 40]);
  await account.api.dispose();

  // The showcase page starts empty, with a way to begin.
  await signInAt(page, owner, '/tujingxiu/tujingxiu');
  await expect(page.getByTestId('showcase-console')).toContainText('还没有图景秀');
  await snap(page, 'showcase-01-empty');

  // Brand, then the two works: added from the picker, the first moved below the second.
  await page.getByTestId('showcase-create').click();
  const editor = page.getByTestId('showcase-editor');
  await editor.getByLabel('品牌名称').fill(`光影空间 ${stamp}`);
  await editor.getByLabel('简介').fill('专注室内全景与三维展示。');
  await editor.getByLabel('联系方式').fill('电话 021-5555 0101');
  await page.getByTestId('showcase-add-works').click();
  const picker = page.getByTestId('works-picker');
  await picker.locator('li').filter({ hasText: living }).getByRole('button').click();
  await picker.locator('li').filter({ hasText: bedroom }).getByRole('button').click();
  await page.getByTestId('works-picker-done').click();
  const rows = page.getByTestId('showcase-work-row');
  await expect(rows).toHaveText([new RegExp(living), new RegExp(bedroom)]);
  await rows.first().getByTestId('showcase-work-down').click();
  await expect(rows).toHaveText([new RegExp(bedroom), new RegExp(living)]);
  await snap(page, 'showcase-02-editor', { fullPage: false });
  await page.getByTestId('showcase-save').click();

  // Published, shared: a link under /space and its QR code.
  const card = page.getByTestId('showcase-card').filter({ hasText: `光影空间 ${stamp}` });
  await expect(card).toContainText('2 个作品');
  await card.getByTestId('showcase-publish').click();
  await expect(card).toContainText('已发布');
  await card.getByTestId('showcase-share').click();
  const shareUrl = await page.getByTestId('brand-share-url').inputValue();
  expect(shareUrl).toMatch(/\/space\/showcase\/[A-Za-z0-9_-]{16}$/);
  await expect(page.getByTestId('brand-share-qr')).toBeVisible();
  await snap(page, 'showcase-03-share', { fullPage: false });
  await page.keyboard.press('Escape');

  // Signed out, on a phone: the brand, the works in their order, the visit counted.
  const visitor = await phone(browser, baseURL);
  await visitor.goto(shareUrl);
  await expect(visitor.getByTestId('brand-header')).toContainText(`光影空间 ${stamp}`);
  await expect(visitor.getByTestId('brand-work-card')).toHaveText([new RegExp(bedroom), new RegExp(living)]);
  await expect(visitor.getByTestId('showcase-visits')).toContainText('1 次访问');
  await expect(visitor.locator('.site-header')).toHaveCount(0);
  await fitsThePhone(visitor);
  await snap(visitor, 'showcase-04-public-phone');
  await visitor.getByTestId('brand-work-card').first().click();
  await expect(visitor).toHaveURL(/\/details\//);

  // Unpublished, the same link shows a finished "not available" page.
  await card.getByTestId('showcase-publish').click();
  await expect(card).toContainText('未发布');
  await visitor.goto(shareUrl);
  await expect(visitor.getByTestId('brand-page-unavailable')).toContainText('此页面不可访问');
  await snap(visitor, 'showcase-05-unavailable-phone');

  // A landing page for one work, asking a phone number and a consent.
  await page.goto('/landingPage/landingPage');
  await expect(page.getByTestId('landing-console')).toContainText('还没有落地页');
  await page.getByTestId('landing-create').click();
  const landing = page.getByTestId('landing-editor');
  await landing.getByTestId('landing-target').click();
  await page.locator('.ant-select-item-option').filter({ hasText: living }).click();
  await landing.getByLabel('标题').fill('预约免费上门拍摄');
  await landing.getByLabel('正文').fill('留下联系方式，我们一个工作日内回电。');
  await landing.getByLabel('同意声明').fill('我同意商家通过电话与我联系');
  await snap(page, 'showcase-06-landing-editor', { fullPage: false });
  await page.getByTestId('landing-save').click();
  const landingCard = page.getByTestId('landing-card').filter({ hasText: '预约免费上门拍摄' });
  await landingCard.getByTestId('landing-publish').click();
  await expect(landingCard).toContainText('已发布');
  await landingCard.getByTestId('landing-share').click();
  const landingUrl = await page.getByTestId('brand-share-url').inputValue();
  expect(landingUrl).toMatch(/\/space\/landing\/[A-Za-z0-9_-]{16}$/);
  await page.keyboard.press('Escape');

  // A signed-out visitor on a phone: a wrong number is refused at once, then the lead goes.
  await visitor.goto(landingUrl);
  await expect(visitor.getByTestId('landing-work')).toBeVisible();
  await visitor.getByLabel('姓名').fill('陈女士');
  await visitor.getByLabel('手机号').fill('12345');
  await visitor.getByTestId('lead-submit').click();
  await expect(visitor.getByText('请填写正确的 11 位手机号')).toBeVisible();
  await visitor.getByLabel('手机号').fill('13912345678');
  await visitor.getByLabel('我同意商家通过电话与我联系').check();
  await fitsThePhone(visitor);
  await snap(visitor, 'showcase-07-landing-phone');
  await visitor.getByTestId('lead-submit').click();
  await expect(visitor.getByTestId('lead-sent')).toContainText('谢谢');
  await snap(visitor, 'showcase-08-lead-sent', { fullPage: false });
  await visitor.context().close();

  // The owner sees it among the leads and marks it handled.
  await page.reload();
  await expect(landingCard).toContainText('1 条线索');
  await page.getByTestId('leads-tab').click();
  await expect(page).toHaveURL('/landingPage/landingPage?tab=leads');
  const lead = page.getByTestId('lead-card').filter({ hasText: '陈女士' });
  await expect(lead).toContainText('13912345678');
  await lead.getByTestId('lead-handled').click();
  await expect(lead.getByTestId('lead-handled')).toBeChecked();
  await snap(page, 'showcase-09-leads');
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsThePhone(page);
  await snap(page, 'showcase-10-leads-phone');
});

test('someone without permission 42 has neither page', async ({ page }) => {
  await signInAt(page, users.brandPages.outsider, '/dashboard/dashboard');
  await expect(page.getByRole('menuitem', { name: '图景秀' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: '落地页' })).toHaveCount(0);
  for (const path of ['/tujingxiu/tujingxiu', '/landingPage/landingPage']) {
    await page.goto(path);
    await expect(page.getByTestId('showcase-console').or(page.getByTestId('landing-console'))).toHaveCount(0);
    await expect(page.getByTestId('not-found')).toBeVisible();
  }
});
