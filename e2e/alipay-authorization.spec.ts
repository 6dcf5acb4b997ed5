import { expect, test, type Page } from '@playwright/test';
import { inBothLanguages, signInAt, type Language } from './support/back-office';
import { snap, users } from './support/session';

/**
 * Binding Alipay by authorization (issue 29, docs/withdrawals.md): from the withdraw page, with the password
 * as proof, to the sandbox's own authorization page, approved there, back on /alipayAuthorization, which
 * binds the sandbox Alipay user id; the withdraw page then shows the account.
 */

const WORDS = {
  zh: { realName: '王授权', success: '支付宝账户已绑定', back: '返回提现', cancelled: '已取消授权' },
  en: {
    realName: 'Wang Shouquan',
    success: 'Your Alipay account is bound',
    back: 'Back to withdrawals',
    cancelled: 'Authorization cancelled',
  },
};

async function startBinding(page: Page, realName: string, password: string): Promise<void> {
  await page.getByTestId('payout-account-alipay-authorize').click();
  await page.getByTestId('alipay-authorize-name').fill(realName);
  await page.getByTestId('step-up-use-password').click();
  await page.getByTestId('step-up-password').fill(password);
  await page.getByTestId('alipay-authorize-go').click();
  await expect(page).toHaveURL(/\/api\/withdraw\/alipay\/sandbox-authorize\?state=/);
}

inBothLanguages(
  'a person binds Alipay by authorization through the sandbox and sees the account on the withdraw page',
  async ({ page }, _info, language: Language) => {
    const words = WORDS[language];
    const who = users.alipayBinders[language];
    await signInAt(page, who, '/wallet/withdraw');
    await expect(page.getByTestId('payout-account-alipay')).toBeVisible();
    await startBinding(page, words.realName, who.password);
    await expect(page.getByText('Sandbox: this is not Alipay')).toBeVisible();
    await snap(page, `alipay-authorization-sandbox-${language}`);

    await page.getByRole('link', { name: /Approve/ }).click();
    await expect(page).toHaveURL(/\/alipayAuthorization\?auth_code=SBX2088\d{12}&state=/);
    const success = page.getByTestId('alipay-authorization-success');
    await expect(success).toContainText(words.success);
    await expect(success).toContainText(/2088\*{4}\d{4}/);
    await snap(page, `alipay-authorization-success-${language}`);

    // Reloaded: the same account, no error.
    await page.reload();
    await expect(page.getByTestId('alipay-authorization-success')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, `alipay-authorization-success-390-${language}`);

    await page.getByRole('button', { name: words.back }).click();
    await expect(page).toHaveURL(/\/wallet\/withdraw$/);
    await expect(page.getByTestId('payout-account-alipay').getByTestId('payout-account-masked')).toHaveText(
      /^2088\*{4}\d{4} · \*授权|^2088\*{4}\d{4} · \*ang Shouquan/,
    );
    await snap(page, `alipay-authorization-withdraw-page-390-${language}`);
  },
);

test('cancelling on the authorization page binds nothing; signed out, the return page asks to sign in and comes back', async ({ page }) => {
  const who = users.alipayBinders.cancels;
  await page.goto('/alipayAuthorization?state=abc');
  await expect(page).toHaveURL(/\/login\?redirect=%2FalipayAuthorization%3Fstate%3Dabc$/);

  await signInAt(page, who, '/wallet/withdraw');
  await startBinding(page, '李取消', who.password);
  await page.getByRole('link', { name: /Cancel/ }).click();
  await expect(page).toHaveURL(/\/alipayAuthorization\?state=/);
  await expect(page.getByTestId('alipay-authorization-cancelled')).toBeVisible();
  await snap(page, 'alipay-authorization-cancelled');
  await page.goto('/wallet/withdraw');
  await expect(page.getByTestId('payout-account-alipay').getByTestId('payout-account-masked')).toHaveCount(0);
});
