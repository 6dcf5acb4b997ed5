import { expect, test } from '@playwright/test';
import { fillLogin, snap, users } from './support/session';

test('a console path without a token goes to /login and comes back after login', async ({ page }) => {
  await page.goto('/dashboard/dashboard?view=grid');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Fdashboard%3Fview%3Dgrid');
  await snap(page, 'login-redirect-zh');
  await fillLogin(page, users.customer);
  await expect(page).toHaveURL('/dashboard/dashboard?view=grid');
  await expect(page.getByTestId('user-menu')).toContainText(users.customer.name);
  await expect(page).toHaveTitle('设计软件云服务平台');
  await snap(page, 'dashboard-zh-desktop');
});

test('a protected path that does not exist still asks for login first', async ({ page }) => {
  await page.goto('/wallet/index');
  await expect(page).toHaveURL('/login?redirect=%2Fwallet%2Findex');
});

test('after login without a redirect the user lands on the dashboard', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, users.admin);
  await expect(page).toHaveURL('/dashboard/dashboard');
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto('/login');
  const responsePromise = page.waitForResponse((response) => response.url().includes('/api/client/login'));
  await fillLogin(page, { phone: users.customer.phone, password: 'wrong-password-1' });
  const response = await responsePromise;
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code).toBe(1101);
  await expect(page.locator('.ant-message-notice').filter({ hasText: body.msg })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await snap(page, 'login-wrong-password-zh');
});

test('the login page on a phone, in English', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('h1')).toHaveText('Welcome back');
  await snap(page, 'login-en-mobile');
  await context.close();
});
