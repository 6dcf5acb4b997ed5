import { expect, test } from '@playwright/test';
import { readCode, uniquePhone } from './support/accounts';
import { cookieValue, snap } from './support/session';

test('WeChat sign-in binds a phone number on first use', async ({ page }) => {
  const phone = uniquePhone(8);
  await page.goto('/login?redirect=%2FuserInformation%2Findex');
  await page.getByTestId('wechat-login').click();

  // The stand-in provider approves at once and the server hands the browser back.
  await expect(page).toHaveURL(/\/login\?wechatHandoff=/);
  await expect(page.getByTestId('wechat-bind')).toBeVisible();
  await snap(page, 'wechat-bind-zh-desktop');

  await page.locator('#bind_phoneNumber').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await page.locator('#bind_verifyCode').fill(await readCode(page.request, phone));
  await page.getByTestId('wechat-bind-submit').click();

  await expect(page).toHaveURL('/userInformation/index');
  expect(await cookieValue(page, 'spatia_phone')).toBe(phone);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
