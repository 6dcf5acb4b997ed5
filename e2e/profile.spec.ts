import { expect, test } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { snap, users, sessionFromApi } from './support/session';

test('edit the name and change the password on the profile page (English, phone-sized)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const phone = uniquePhone(3);
  await createAccount(page.request, phone, 'Profile2026');
  await sessionFromApi(page.context(), { phone, password: 'Profile2026' });
  await page.goto('/userInformation/index');
  await expect(page.locator('h1')).toHaveText('My profile');
  await expect(page.getByTestId('profile-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  await expect(page.getByTestId('invite-code')).not.toBeEmpty();
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  // The name registration gave (spec 9: PC用户) is not one the person chose: it reads in their language.
  await expect(page.getByTestId('profile-name')).toHaveText('PC user');
  await snap(page, 'profile-en-mobile');

  // Editing it starts from empty, the default as the placeholder.
  await page.getByTestId('name-edit').click();
  const nameInput = page.locator('#profile-name_fullName');
  await expect(nameInput).toHaveValue('');
  await expect(nameInput).toHaveAttribute('placeholder', 'PC user');
  await page.getByTestId('name-save').click();
  await expect(page.getByText('Please enter a name')).toBeVisible();
  // A name over the limit is kept whole and counted, not cut.
  await nameInput.fill('Ada Field of Riverside Hall');
  await expect(nameInput).toHaveValue('Ada Field of Riverside Hall');
  await expect(page.locator('.profile-summary__name-form .ant-input-show-count-suffix')).toHaveText('27 / 20');
  await page.getByTestId('name-save').click();
  await expect(page.getByText('At most 20 characters: 7 too many')).toBeVisible();
  await snap(page, 'profile-name-too-long-en-mobile', { fullPage: false });
  await nameInput.fill('Ada Field');
  await page.getByTestId('name-save').click();
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Field');
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Field');

  await page.locator('#password_currentPassword').fill('wrong-one-1');
  await page.locator('#password_newPassword').fill('abcdefgh');
  await page.locator('#password_confirmPassword').fill('abcdefgh');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Use at least one letter and one digit')).toBeVisible();
  await page.locator('#password_newPassword').fill('Changed2026');
  await page.locator('#password_confirmPassword').fill('Changed2026');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/c/password'));
  await page.getByTestId('password-submit').click();
  const refused = await answer;
  expect(refused.ok()).toBe(false);
  const { msg } = (await refused.json()) as { msg: string };
  await expect(page.locator('.ant-message-notice').filter({ hasText: msg })).toBeVisible();

  await page.locator('#password_currentPassword').fill('Profile2026');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Password changed. Your other devices have been logged out.')).toBeVisible();
  await snap(page, 'profile-password-changed-en-mobile', { fullPage: false });
  await context.close();
});

test('the dashboard shows the overview strip (English, phone-sized)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await sessionFromApi(page.context(), users.customer);
  await page.goto('/dashboard/dashboard');
  const strip = page.getByTestId('overview-strip');
  await expect(strip).toContainText('Works');
  await expect(strip.locator('[data-stat="balance"]')).toContainText(/¥\d[\d,]*\.\d{2}/);
  await snap(page, 'dashboard-overview-en-mobile');
  await context.close();
});
