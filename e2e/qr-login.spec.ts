import { devices, expect, test, type Request } from '@playwright/test';
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

/** The sign-in page's poll interval (QR_POLL_INTERVAL_MS in apps/web/src/features/auth/api/qr-login.ts). */
const POLL_INTERVAL_MS = 500;

test('QR login: a declined code can be refreshed; leaving the tab stops polling', async ({ page, browser }) => {
  // The page's timers on a clock the journey can move on (it runs in real time until then).
  await page.clock.install();
  // The polls sent since the count was last reset, and those still on their way.
  let polls = 0;
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().includes('pollToken')) return;
    polls += 1;
    inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  /**
   * The polls sent while the clock moves three poll intervals on, which fires every timer due in that time at
   * once. A poll on its way would make the panel skip its turns (one at a time), so those finish first; a
   * request of the page's own, sent after the timers, is seen after anything they sent.
   */
  const pollsOverThreeIntervals = async (): Promise<number> => {
    polls = 0;
    await expect.poll(() => inFlight.size).toBe(0);
    await page.clock.runFor(3 * POLL_INTERVAL_MS);
    expect(await page.evaluate(async () => (await fetch('/api/health')).ok)).toBe(true);
    return polls;
  };

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

  // While the panel shows it polls, and the count sees it.
  expect(await pollsOverThreeIntervals()).toBeGreaterThan(0);

  // Another tab: the panel goes, and with it the polling.
  await page.getByRole('tab', { name: '密码登录' }).click();
  await expect(page.getByTestId('qr-login')).toHaveCount(0);
  expect(await pollsOverThreeIntervals()).toBe(0);
  await phoneContext.close();
});
