import { expect, test } from '@playwright/test';
import { cookieValue, snap } from './support/session';

test('the language toggle switches app strings, antd strings and the cookie', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('把真实空间，变成可以分享的作品');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // antd's own string: the dialog's close button label comes from antd's locale.
  await page.getByTestId('nav-download').click();
  await expect(page.locator('.ant-modal-close')).toHaveAttribute('aria-label', '关闭');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-modal')).toBeHidden();

  await page.getByTestId('language-toggle').click();
  await expect(page.locator('h1')).toHaveText('Turn real spaces into works you can share');
  await expect(page).toHaveTitle('Cloud service platform for design software');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await cookieValue(page, 'language')).toBe('en');

  await page.getByTestId('nav-download').click();
  await expect(page.locator('.ant-modal-close')).toHaveAttribute('aria-label', 'Close');
  await expect(page.locator('.ant-modal-title')).toHaveText('Download the mobile capture app');
  await page.keyboard.press('Escape');

  await snap(page, 'home-en-desktop');

  // The cookie decides on the next visit.
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Turn real spaces into works you can share');

  await page.getByTestId('language-toggle').click();
  await expect(page.locator('h1')).toHaveText('把真实空间，变成可以分享的作品');
  expect(await cookieValue(page, 'language')).toBe('zh');
});

test('without a cookie the browser language decides', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Turn real spaces into works you can share');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'home-en-mobile');
  await context.close();
});
