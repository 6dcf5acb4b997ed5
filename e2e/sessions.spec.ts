import { devices, expect, test } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { chooseFromMenu, fillLogin, snap } from './support/session';

test('the profile page lists sessions and signs out another device', async ({ page, browser }) => {
  const phone = uniquePhone(9);
  const password = 'Sessions2026';
  await createAccount(page.request, phone, password);

  // Another device: a phone browser.
  const { defaultBrowserType: _ignored, ...iphoneDevice } = devices['iPhone 13'];
  const phoneContext = await browser.newContext(iphoneDevice);
  const other = await phoneContext.newPage();
  await other.goto('/login');
  await fillLogin(other, { phone, password });
  await expect(other).toHaveURL('/dashboard/dashboard');

  await page.goto('/login');
  await fillLogin(page, { phone, password });
  await expect(page).toHaveURL('/dashboard/dashboard');
  await chooseFromMenu(page, page.getByTestId('user-menu'), '我的资料');
  await expect(page).toHaveURL('/userInformation/index');

  const items = page.getByTestId('session-item');
  // The sign-up session (API), the phone and this browser.
  await expect(items).toHaveCount(3);
  await expect(items.first()).toHaveAttribute('data-current', 'true');
  await expect(items.first()).toContainText('当前设备');
  const iphone = items.filter({ hasText: 'iOS 上的 Safari' });
  await expect(iphone).toHaveCount(1);
  await snap(page, 'profile-sessions-zh-desktop');

  await iphone.getByTestId('session-revoke').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('iOS 上的 Safari');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '退出登录' }).click();
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('session-item').filter({ hasText: 'iOS' })).toHaveCount(0);

  // The phone's next request finds its session gone.
  await other.reload();
  await expect(other).toHaveURL(/\/(\?redirect=|login)/);

  await page.getByTestId('sessions-revoke-others').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '退出其他所有设备' }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId('sessions-revoke-others')).toBeDisabled();
  await phoneContext.close();
});
