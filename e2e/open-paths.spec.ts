import { expect, test } from '@playwright/test';
import { snap } from './support/session';

test.describe('open paths while signed out', () => {
  test('the home page stays open and shows the product', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('h1')).toHaveText('把真实空间，变成可以分享的作品');
    await expect(page).toHaveTitle('设计软件云服务平台');
    await snap(page, 'home-zh-desktop');
  });

  test('/index redirects to /', async ({ page }) => {
    await page.goto('/index');
    await expect(page).toHaveURL(/\/$/);
  });

  test('protocol pages stay open', async ({ page }) => {
    for (const [path, title] of [
      ['/userProtocol', '用户协议'],
      ['/privacyProtocol', '隐私政策'],
      ['/rechargeProtocol', '充值协议'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('h1')).toHaveText(title);
    }
    await snap(page, 'recharge-protocol-zh');
  });

  test('unknown paths under the open prefixes show the 404 page in place, not the login', async ({ page }) => {
    for (const path of ['/mobile/no-such-page', '/space/no-such-page', '/mobile/category/no-such-type']) {
      await page.goto(path);
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page).not.toHaveURL(/\/login/);
    }
    await snap(page, 'not-found-zh');
  });

  test("a work's public page opens without a token; an unknown work says it is offline or gone", async ({ page }) => {
    await page.goto('/details/no-such-work');
    await expect(page).toHaveURL(/\/details\/no-such-work$/);
    await expect(page.getByTestId('work-notice')).toContainText('该作品已下线或不存在');
    await page.getByTestId('work-notice-home').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the home page on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    await snap(page, 'home-zh-mobile');
  });
});
