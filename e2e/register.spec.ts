import { expect, test } from '@playwright/test';
import { readCode, signOutFromConsole, uniquePhone } from './support/accounts';
import { snap } from './support/session';

test('sign up with a code from the SMS outbox, sign out, sign in by password with the phone remembered', async ({ page }) => {
  const phone = uniquePhone(5);
  const password = 'Spatia2026ok';

  await page.goto('/login');
  await page.getByTestId('register-link').click();
  await expect(page).toHaveURL('/login?mode=register');
  await expect(page.locator('h1')).toHaveText('创建账号');

  // Client-side rules first, in the page's language.
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('请输入手机号')).toBeVisible();
  await page.locator('#register_phoneNumber').fill('12345');
  await page.locator('#register_password').fill('short');
  await page.locator('#register_confirmPassword').fill('other');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('请输入 11 位中国大陆手机号')).toBeVisible();
  await expect(page.getByText('至少 8 个字符')).toBeVisible();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await snap(page, 'register-validation-zh-desktop');

  await page.locator('#register_phoneNumber').fill(phone);
  const sent = page.waitForResponse((response) => response.url().includes('/api/client/register/verifyCode'));
  await page.getByTestId('send-code').click();
  expect((await sent).ok()).toBe(true);
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await expect(page.getByTestId('send-code')).toContainText('秒后重发');

  await page.locator('#register_verifyCode').fill(await readCode(page.request, phone, 'register'));
  await page.locator('#register_password').fill(password);
  await page.locator('#register_confirmPassword').fill(password);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL('/dashboard/dashboard');
  await expect(page.getByTestId('user-menu')).toContainText('PC用户');

  await signOutFromConsole(page);
  await page.locator('#phoneNumber').fill(phone);
  await page.locator('#password').fill(password);
  await page.getByRole('checkbox', { name: '记住手机号' }).check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/dashboard/dashboard');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(password);

  // The phone (and only the phone) survives the next sign-out.
  await signOutFromConsole(page);
  await expect(page.locator('#phoneNumber')).toHaveValue(phone);
  await expect(page.locator('#password')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: '记住手机号' })).toBeChecked();
});

test('an invite link prefills the invite code; the form on a phone in English', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login?mode=register&invite=ABC123');
  await expect(page.locator('h1')).toHaveText('Create your account');
  await expect(page.locator('#register_invitedCode')).toHaveValue('ABC123');
  await page.locator('#register_phoneNumber').fill('1381234');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Please enter an 11-digit mainland China mobile number')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await snap(page, 'register-en-mobile');
  await context.close();
});

test('the login tabs, in both languages and sizes', async ({ browser }) => {
  for (const [locale, width, height, name] of [
    ['zh-CN', 1366, 860, 'zh-desktop'],
    ['en-US', 390, 844, 'en-mobile'],
  ] as const) {
    const context = await browser.newContext({ locale, viewport: { width, height } });
    const page = await context.newPage();
    await page.goto('/login');
    await snap(page, `login-password-${name}`);
    await page.getByRole('tab', { name: locale === 'zh-CN' ? '验证码登录' : 'SMS code' }).click();
    await snap(page, `login-sms-${name}`);
    await context.close();
  }
});
