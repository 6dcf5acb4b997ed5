import { expect, test } from '@playwright/test';
import { snap } from './support/session';

test('Order while signed out asks to log in first; Login goes to /login', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('nav-order').click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toContainText('您还没有登录，请先登录');
  await snap(page, 'order-prompt-zh', { fullPage: false });

  await dialog.getByRole('button', { name: /取\s?消/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await page.getByTestId('nav-order').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /登\s?录/ })
    .click();
  await expect(page).toHaveURL('/login?redirect=%2FaddOrder');
});

test('on a phone the Order entry lives in the menu drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: '打开菜单' }).click();
  await page.locator('.ant-drawer').getByTestId('nav-order').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('您还没有登录，请先登录');
});
