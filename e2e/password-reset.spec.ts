import { expect, test } from '@playwright/test';
import { createAccount, readCode, uniquePhone } from './support/accounts';
import { snap, users } from './support/session';

test('reset the password with a code and sign in with the new one, not the old', async ({ page }) => {
  const { phone, password: oldPassword } = users.resetter;
  await page.goto('/login');
  await page.getByTestId('forgot-link').click();
  await expect(page).toHaveURL('/login?mode=forgot');
  await page.locator('#forgot_phoneNumber').fill(phone);

  const sent = page.waitForResponse((response) => response.url().includes('/api/client/forgetPwd/verifyCode'));
  await page.getByTestId('send-code').click();
  expect((await sent).status()).toBe(200);
  // The button counts down the minute before another code may be asked for.
  await expect(page.getByTestId('send-code')).toBeDisabled();

  await page.locator('#forgot_verifyCode').fill(await readCode(page.request, phone, 'resetPassword'));
  await page.locator('#forgot_newPwd').fill('NewPass2026');
  await page.locator('#forgot_confirmPassword').fill('NewPass2026');
  await snap(page, 'forgot-filled-zh-desktop');
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL('/login');
  await expect(page.locator('#phoneNumber')).toHaveValue(phone);

  await page.locator('#password').fill(oldPassword);
  // Waited for by its answer, not by any message: the reset's own success message may still be on show, and a click
  // while this sign-in is still in flight would go to a busy button.
  const refused = page.waitForResponse((response) => response.url().includes('/api/client/login'));
  await page.getByTestId('login-submit').click();
  expect((await refused).status()).toBe(400);
  await expect(page.locator('.ant-message-notice').filter({ hasText: '手机号或密码错误' })).toBeVisible();
  await expect(page).toHaveURL('/login');

  await page.locator('#password').fill('NewPass2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/dashboard/dashboard');
});

test("a refused code request shows the server's message and starts no countdown", async ({ page }) => {
  // The sign-up code of this new account spends the phone's one code a minute.
  const phone = uniquePhone(7);
  await createAccount(page.request, phone, 'OldPass2026');

  await page.goto('/login?mode=forgot');
  await page.locator('#forgot_phoneNumber').fill(phone);
  const refused = page.waitForResponse((response) => response.url().includes('/api/client/forgetPwd/verifyCode'));
  await page.getByTestId('send-code').click();
  const refusal = await refused;
  expect(refusal.status()).toBe(429);
  const { msg } = (await refusal.json()) as { msg: string };
  expect(msg).toMatch(/\d+/);
  await expect(page.locator('.ant-message-notice').filter({ hasText: msg })).toBeVisible();
  await expect(page.getByTestId('send-code')).toBeEnabled();
  await snap(page, 'forgot-refused-zh-desktop');
});
