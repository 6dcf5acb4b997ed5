import { expect, test } from '@playwright/test';
import { cookieValue, signIn, snap, TOKEN_COOKIE } from './support/session';

test('a 401 answer shows the re-login dialog, and Re-login goes to /login with the current path', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/open/c/zhipaiApp', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 401, msg: 'not logged in' }) }),
  );
  await page.getByTestId('download-app').click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('您尚未登录或登录已过期');
  await expect(dialog.getByRole('button', { name: '重新登录' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /取\s?消/ })).toBeVisible();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(1);
  await snap(page, 'relogin-dialog-zh', { fullPage: false });
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Fdashboard');
  expect(await cookieValue(page, TOKEN_COOKIE)).toBeUndefined();
});

test('a revoked session on the next visit shows the server message and goes to / with the redirect', async ({ page }) => {
  await signIn(page);
  const token = await cookieValue(page, TOKEN_COOKIE);
  expect(token).toBeTruthy();
  const revoked = await page.request.post('/api/c/logout', { headers: { 'auth-token': token!, 'x-auth-token': token! } });
  expect(revoked.ok()).toBe(true);

  const infoResponse = page.waitForResponse((response) => /\/api\/client\/[^/]+\/info/.test(response.url()));
  await page.goto('/dashboard/dashboard');
  const response = await infoResponse;
  expect(response.status()).toBe(401);
  const body = (await response.json()) as { msg: string };
  await expect(page).toHaveURL('/?redirect=%2Fdashboard%2Fdashboard');
  await expect(page.locator('.ant-message-notice').filter({ hasText: body.msg })).toBeVisible();
  expect(await cookieValue(page, TOKEN_COOKIE)).toBeUndefined();
});
