import { devices, expect, test } from '@playwright/test';
import { fillLogin, snap, users } from './support/session';

const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 13'];

test('QR login: a signed-in phone confirms and the computer signs in', async ({ page, browser }) => {
  await page.goto('/login?redirect=%2FuserInformation%2Findex');
  const ticketAnswer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/qrcode/login' && !response.url().includes('pollToken'),
  );
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const { data } = (await (await ticketAnswer).json()) as { data: { confirmUrl: string } };
  await expect(page.getByTestId('qr-login-code')).toBeVisible();
  await expect(page.getByTestId('qr-login')).toHaveAttribute('data-status', 'pending');
  await snap(page, 'login-qr-zh-desktop');

  // The phone: signed out at first, so the confirm page sends it to sign in and back.
  const phoneContext = await browser.newContext({ ...iphone, locale: 'zh-CN' });
  const phone = await phoneContext.newPage();
  await phone.goto(data.confirmUrl);
  await expect(phone).toHaveURL(/\/login\?redirect=%2Fmobile%2FqrConfirm/);
  await fillLogin(phone, users.customer);
  await expect(phone).toHaveURL(/\/mobile\/qrConfirm\?ticket=/);
  await expect(phone.getByTestId('qr-confirm-ask')).toBeVisible();
  await expect(phone.getByTestId('qr-confirm-ask')).toContainText('Chrome');

  await expect(page.getByTestId('qr-login')).toHaveAttribute('data-status', 'scanned');
  await expect(page.getByTestId('qr-login')).toContainText('请在手机上确认登录');
  await snap(page, 'login-qr-scanned-zh-desktop');
  await snap(phone, 'qr-confirm-zh-mobile');

  await phone.getByTestId('qr-confirm-accept').click();
  await expect(phone.getByTestId('qr-confirm-done')).toBeVisible();
  await snap(phone, 'qr-confirm-done-zh-mobile');

  await expect(page).toHaveURL('/userInformation/index', { timeout: 3_000 });
  await expect(page.getByTestId('user-menu')).toContainText(users.customer.name);
  await phoneContext.close();
});

test('QR login: a declined code can be refreshed; leaving the tab stops polling', async ({ page, browser }) => {
  await page.goto('/login');
  const ticketAnswer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/qrcode/login' && !response.url().includes('pollToken'),
  );
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const { data } = (await (await ticketAnswer).json()) as { data: { confirmUrl: string; ticket: string } };

  const phoneContext = await browser.newContext({ ...iphone, locale: 'en-US' });
  const phone = await phoneContext.newPage();
  await phone.goto('/login');
  await fillLogin(phone, users.customer);
  await expect(phone).toHaveURL('/dashboard/dashboard');
  await phone.goto(data.confirmUrl);
  await expect(phone.getByTestId('qr-confirm-ask')).toContainText('Log in to Spatia on this computer?');
  await snap(phone, 'qr-confirm-en-mobile');
  await phone.getByTestId('qr-confirm-decline').click();
  await expect(phone.getByTestId('qr-confirm-done')).toContainText('Login declined');

  await expect(page.getByTestId('qr-login')).toHaveAttribute('data-status', 'declined');
  await expect(page.getByTestId('qr-refresh')).toContainText('点击刷新');
  await snap(page, 'login-qr-declined-zh-desktop');
  const fresh = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/qrcode/login' && !response.url().includes('pollToken'),
  );
  await page.getByTestId('qr-refresh').click();
  const next = (await (await fresh).json()) as { data: { ticket: string } };
  expect(next.data.ticket).not.toBe(data.ticket);
  await expect(page.getByTestId('qr-login')).toHaveAttribute('data-status', 'pending');

  // Another tab: the panel goes, and with it the polling. That nothing is asked takes watching for a
  // while: three of the panel's 500 ms poll intervals.
  await page.getByRole('tab', { name: '密码登录' }).click();
  await expect(page.getByTestId('qr-login')).toHaveCount(0);
  let polls = 0;
  page.on('request', (request) => {
    if (request.url().includes('pollToken')) polls += 1;
  });
  await page.waitForTimeout(3 * 500);
  expect(polls).toBe(0);
  await phoneContext.close();
});
