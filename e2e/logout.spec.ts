import { expect, test } from '@playwright/test';
import { chooseFromMenu, signIn, snap, TOKEN_COOKIE } from './support/session';

test('logout revokes the session and clears storage and cookies (the language preference is kept)', async ({ page }) => {
  await signIn(page);
  const cookiesBefore = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(cookiesBefore).toEqual(expect.arrayContaining([TOKEN_COOKIE, 'spatia_uid', 'spatia_name', 'spatia_menus']));
  await page.getByTestId('sidebar-toggle').click();

  await page.getByTestId('user-menu').click();
  await snap(page, 'console-user-menu-zh', { fullPage: false });
  const logoutCall = page.waitForResponse((response) => response.url().endsWith('/api/c/logout'));
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  expect((await logoutCall).ok()).toBe(true);
  await expect(page).toHaveURL('/login');

  const cookiesAfter = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(cookiesAfter.filter((name) => name !== 'language')).toEqual([]);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await page.goto('/dashboard/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Fdashboard');
});

test('the public header shows the user menu when signed in and signs out from it', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  await chooseFromMenu(page, page.locator('header.site-header').getByTestId('user-menu'), '管理空间');
  await expect(page).toHaveURL('/dashboard/dashboard');
  await page.goto('/');
  await chooseFromMenu(page, page.locator('header.site-header').getByTestId('user-menu'), '退出登录');
  await expect(page.locator('header.site-header').getByTestId('header-login')).toBeVisible();
});
