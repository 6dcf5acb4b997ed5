import { expect, test } from '@playwright/test';
import type { Envelope, MobileAppInfo, SiteConfig } from '@spatia/contract';
import { signIn, snap } from './support/session';

test('header and footer show on the home page, with the footer texts from the site config', async ({ page, request }) => {
  const config = ((await (await request.get('/api/open/siteConfig')).json()) as Envelope<SiteConfig>).data!;
  await page.goto('/');
  const header = page.locator('header.site-header');
  const footer = page.locator('footer.site-footer');
  await expect(header).toBeVisible();
  await expect(footer).toBeVisible();
  await expect(footer).toContainText(config.companyName.zh);
  await expect(footer).toContainText(config.servicePhone);
  await expect(footer).toContainText(config.serviceHours);
  // scripts/e2e.mjs sets two certificates and both filing numbers; each filing links to its filing system.
  expect(config.certificateNumbers).toHaveLength(2);
  for (const certificate of config.certificateNumbers) await expect(footer).toContainText(certificate);
  expect(config.registrationLinks.map((link) => new URL(link.url).host)).toEqual(['beian.miit.gov.cn', 'beian.mps.gov.cn']);
  for (const link of config.registrationLinks) {
    const record = footer.locator(`a[href="${link.url}"]`);
    await expect(record).toHaveText(link.label.zh);
    await expect(record).toHaveAttribute('target', '_blank');
  }
  const privacy = footer.getByRole('link', { name: '隐私政策' });
  await expect(privacy).toHaveAttribute('target', '_blank');
  await expect(privacy).toHaveAttribute('rel', /noopener/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), privacy.click()]);
  await expect(popup).toHaveURL(/\/privacyProtocol$/);
  await expect(popup.locator('header.site-header')).toHaveCount(0);
  await popup.close();
  await footer.scrollIntoViewIfNeeded();
  await snap(page, 'footer-zh');
});

test('no header or footer on the login, protocol, 404 and console pages', async ({ page }) => {
  for (const path of ['/login', '/privacyProtocol', '/userProtocol', '/market']) {
    await page.goto(path);
    await expect(page.locator('h1, [data-testid="not-found"]').first()).toBeVisible();
    await expect(page.locator('header.site-header')).toHaveCount(0);
    await expect(page.locator('footer.site-footer')).toHaveCount(0);
  }
});

test("the header's sign-up button opens the sign-up form", async ({ page }) => {
  await page.goto('/');
  await page.locator('header.site-header').getByTestId('header-register').click();
  await expect(page).toHaveURL('/login?mode=register');
  await expect(page.locator('h1')).toHaveText('创建账号');
  await expect(page.getByTestId('register-submit')).toBeVisible();
});

test("on a new install the client download QR code opens the site's own download page", async ({ page, request, baseURL }) => {
  // scripts/e2e.mjs sets no APP_APK_URL, as a new install has none.
  const app = ((await (await request.get('/api/open/c/zhipaiApp')).json()) as Envelope<MobileAppInfo>).data!;
  expect(app).toEqual({ apkUrl: '', downloadUrl: `${baseURL}/mobile/download` });
  await page.goto('/');
  await page.getByTestId('nav-download').click();
  await expect(page.getByTestId('app-download-qr')).toBeVisible();
  await expect(page.getByTestId('app-download-direct')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(app.downloadUrl);
  await expect(page.locator('h1')).toHaveText('下载手机采集端');
  const notice = page.getByTestId('app-not-published');
  await expect(notice).toContainText('本站暂未发布采集端安装包');
  const config = ((await (await request.get('/api/open/siteConfig')).json()) as Envelope<SiteConfig>).data!;
  await expect(notice).toContainText(config.servicePhone);
  await snap(page, 'download-page-zh-mobile');
});

test('while the sandbox takes the payments, every page says it is a test site, in zh and en', async ({ page, request }) => {
  // scripts/e2e.mjs leaves PAYMENT_PROVIDERS and PAYOUT_PROVIDERS at the sandbox.
  const config = ((await (await request.get('/api/open/siteConfig')).json()) as Envelope<SiteConfig>).data!;
  expect(config.sandboxMoney).toBe(true);
  const banner = page.getByTestId('sandbox-money-banner');
  for (const path of ['/', '/login', '/privacyProtocol']) {
    await page.goto(path);
    await expect(banner).toHaveText('测试模式：充值与提现均走沙箱，不收取也不支付真实资金');
  }
  // The console too, where the recharge and withdrawal pages are.
  await signIn(page);
  await expect(banner).toBeVisible();
  await snap(page, 'sandbox-banner-zh', { fullPage: false });
  await page.getByTestId('language-toggle').click();
  await expect(banner).toHaveText('Test mode: recharges and withdrawals go through the sandbox. No real money is taken or paid out.');
  await snap(page, 'sandbox-banner-en', { fullPage: false });
});
