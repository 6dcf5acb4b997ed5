import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAt } from './support/back-office';
import { snap, users } from './support/session';
import { fitsThePhone } from './support/phone';

/*
 * The editable site pages (issue 29, docs/site-pages.md): an operator edits the product page's hero in both
 * languages, previews it and publishes it; a signed-out visitor sees it on a desktop (zh) and at 390 px (en, the
 * mobile variant); the history restores the older text. The protocol page shows its live version, and the
 * version comparison's Apply asks a visitor to sign in. Enterprise is looked at in both variants.
 */

test.describe.configure({ mode: 'serial' });

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A signed-out visitor's page in its own browser context. */
async function visitor(browser: Browser, language: 'zh' | 'en', viewport: { width: number; height: number }, baseURL: string | undefined) {
  const context = await browser.newContext({ locale: language === 'zh' ? 'zh-CN' : 'en-US', viewport, baseURL, reducedMotion: 'reduce' });
  return context.newPage();
}

async function openEditor(page: Page) {
  await signInAt(page, users.siteOperator, '/admin/sitePages');
  await expect(page.getByTestId('site-page-row-product')).toBeVisible();
  await snap(page, 'site-pages-01-list', { fullPage: false });
  await page.getByTestId('site-page-edit-product').click();
  await expect(page).toHaveURL('/admin/sitePages/product');
  await expect(page.getByTestId('site-page-editor')).toBeVisible();
}

async function publish(page: Page) {
  await page.getByTestId('site-page-publish').click();
  await page.getByTestId('site-page-publish-confirm').click();
  await expect(page.getByTestId('site-page-draft-version')).toBeHidden();
}

test('an operator publishes a new product hero in both languages, a visitor sees it, and the history restores the older text', async ({
  page,
  browser,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const baseURL = info.project.use.baseURL;
  const stamp = Date.now() % 100_000;
  const zhTitle = `空间上线，只需一条链接 ${stamp}`;
  const enTitle = `Spaces online with one link ${stamp}`;

  await openEditor(page);
  const liveBefore = (await page.getByTestId('site-page-live-version').textContent())?.match(/v(\d+)/)?.[1];
  expect(liveBefore).toBeTruthy();
  const oldZhTitle = await page.getByTestId('field-zh-hero-title').inputValue();

  // The hero in Chinese, then in English: the preview follows the form and the tab's language.
  await page.getByTestId('field-zh-hero-title').fill(zhTitle);
  const preview = page.getByTestId('site-page-preview');
  await expect(preview.getByTestId('site-hero-title')).toHaveText(zhTitle);
  await page.getByTestId('site-page-tab-en').click();
  await page.getByTestId('field-en-hero-title').fill(enTitle);
  await expect(preview.getByTestId('site-hero-title')).toHaveText(enTitle);
  await snap(page, 'site-pages-02-editor', { fullPage: false });
  await page.getByText('手机（390 px）').click();
  await expect(preview.locator('[data-variant="mobile"]')).toBeVisible();
  await snap(page, 'site-pages-03-editor-phone', { fullPage: false });

  await page.getByTestId('site-page-save').click();
  await expect(page.getByTestId('site-page-draft-version')).toBeVisible();
  await publish(page);

  // A visitor, signed out, on a desktop in Chinese: the home page's header now leads to Product and Enterprise.
  const desktop = await visitor(browser, 'zh', DESKTOP, baseURL);
  await desktop.goto('/');
  await expect(desktop.locator('.site-header__nav').getByRole('link', { name: '企业' })).toBeVisible();
  await desktop.locator('.site-header__nav').getByRole('link', { name: '产品' }).click();
  await expect(desktop).toHaveURL('/product');
  await expect(desktop.getByTestId('product-page')).toHaveAttribute('data-variant', 'desktop');
  await expect(desktop.getByTestId('site-hero-title')).toHaveText(zhTitle);
  await expect(desktop.getByTestId('compared-version')).toHaveCount(2);
  await snap(desktop, 'site-pages-04-product-desktop-zh');

  // At 390 px in English: the mobile variant, nothing wider than the screen.
  const phone = await visitor(browser, 'en', PHONE, baseURL);
  await phone.goto('/product');
  await expect(phone.getByTestId('product-page')).toHaveAttribute('data-variant', 'mobile');
  await expect(phone.getByTestId('site-hero-title')).toHaveText(enTitle);
  await fitsThePhone(phone);
  await snap(phone, 'site-pages-05-product-phone-en');

  // The history: the version live before is restored as a draft and published again.
  await page.getByTestId('site-page-history').click();
  await page.locator(`[data-testid="site-page-version"][data-version="${liveBefore}"]`).getByTestId('site-page-restore').click();
  await page.getByTestId('site-page-restore-confirm').click();
  await expect(page.getByTestId('site-page-draft-version')).toBeVisible();
  await page.getByTestId('site-page-tab-zh').click();
  await expect(page.getByTestId('field-zh-hero-title')).toHaveValue(oldZhTitle);
  await publish(page);
  await page.getByTestId('site-page-history').click();
  await expect(page.getByTestId('site-page-version').first()).toContainText('Site Operator');
  await snap(page, 'site-pages-06-history', { fullPage: false });

  await desktop.reload();
  await expect(desktop.getByTestId('site-hero-title')).toHaveText(oldZhTitle);
  await desktop.context().close();
  await phone.context().close();
});

test('the protocol pages show their live version', async ({ browser }, info) => {
  for (const [language, viewport, title, effective] of [
    ['zh', DESKTOP, '用户协议', '生效日期：2026-01-01'],
    ['en', PHONE, 'User agreement', 'Effective from 2026-01-01'],
  ] as const) {
    const page = await visitor(browser, language, viewport, info.project.use.baseURL);
    await page.goto('/userProtocol');
    const document = page.getByTestId('protocol-document');
    await expect(document.locator('h1')).toHaveText(title);
    await expect(document).toContainText(effective);
    await expect(document.locator('h2')).not.toHaveCount(0);
    await snap(page, `site-pages-07-protocol-${language}`);
    await page.context().close();
  }
});

test('the version comparison’s Apply asks a visitor to sign in, and the enterprise page in both variants', async ({ browser }, info) => {
  const baseURL = info.project.use.baseURL;
  const page = await visitor(browser, 'en', DESKTOP, baseURL);
  await page.goto('/product#versions');
  const comparison = page.getByTestId('version-comparison');
  await expect(comparison).toBeInViewport();
  await snap(page, 'site-pages-08-versions-desktop-en', { fullPage: false });
  await comparison.getByTestId('compared-version-apply').first().click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('Please log in');
  await page.getByTestId('login-prompt-ok').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fproduct%23versions$/);
  await page.context().close();

  for (const [language, viewport, variant] of [
    ['zh', DESKTOP, 'desktop'],
    ['zh', PHONE, 'mobile'],
  ] as const) {
    const enterprise = await visitor(browser, language, viewport, baseURL);
    await enterprise.goto('/enterprise');
    await expect(enterprise.getByTestId('enterprise-page')).toHaveAttribute('data-variant', variant);
    await expect(enterprise.getByTestId('enterprise-contact')).toBeVisible();
    await snap(enterprise, `site-pages-09-enterprise-${variant}`);
    await enterprise.context().close();
  }
});
