import { expect, test } from '@playwright/test';
import { readCode, uniquePhone } from './support/accounts';
import { cookieValue, snap } from './support/session';

test('sign in with an SMS code (a new phone gets an account)', async ({ page }) => {
  const phone = uniquePhone(6);
  await page.goto('/login?redirect=%2FuserInformation%2Findex');
  await page.getByRole('tab', { name: '验证码登录' }).click();

  // No code requested yet: the form says so instead of sending a request.
  await page.locator('#sms_phoneNumber').fill(phone);
  await page.locator('#sms_verifyCode').fill('123456');
  await page.getByTestId('sms-login-submit').click();
  await expect(page.getByText('请先获取验证码')).toBeVisible();

  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText('秒后重发');
  await page.locator('#sms_verifyCode').fill(await readCode(page.request, phone, 'smsLogin'));
  await snap(page, 'login-sms-filled-zh-desktop');
  await page.getByTestId('sms-login-submit').click();
  await expect(page).toHaveURL('/userInformation/index');
  expect(await cookieValue(page, 'spatia_phone')).toBe(phone);
  await expect(page.getByTestId('profile-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
});

test("a wrong code shows the server's message", async ({ page }) => {
  const phone = uniquePhone(6);
  await page.goto('/login');
  await page.getByRole('tab', { name: '验证码登录' }).click();
  await page.locator('#sms_phoneNumber').fill(phone);
  await page.getByTestId('send-code').click();
  const real = await readCode(page.request, phone, 'smsLogin');
  await page.locator('#sms_verifyCode').fill(real === '000000' ? '111111' : '000000');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/c/smsLogin'));
  await page.getByTestId('sms-login-submit').click();
  const response = await answer;
  expect(response.ok()).toBe(false);
  const body = (await response.json()) as { msg: string };
  await expect(page.locator('.ant-message-notice').filter({ hasText: body.msg })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
