import { expect, test } from '@playwright/test';
import { cookieValue, signIn, snap } from './support/session';

test('the sidebar toggle writes sidebarStatus and the sidebar closes below 992px', async ({ page }) => {
  await signIn(page);
  const sidebar = page.getByTestId('console-sidebar');
  await expect(sidebar).toHaveAttribute('data-opened', 'true');
  await expect(sidebar).toHaveCSS('width', '210px');

  await page.getByTestId('sidebar-toggle').click();
  await expect(sidebar).toHaveAttribute('data-opened', 'false');
  expect(await cookieValue(page, 'sidebarStatus')).toBe('0');

  await page.reload();
  await expect(page.getByTestId('console-sidebar')).toHaveAttribute('data-opened', 'false');
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('console-sidebar')).toHaveAttribute('data-opened', 'true');
  expect(await cookieValue(page, 'sidebarStatus')).toBe('1');

  await page.setViewportSize({ width: 991, height: 800 });
  await expect(page.getByTestId('console-sidebar')).toBeHidden();
  expect(await cookieValue(page, 'sidebarStatus')).toBe('0');

  // On a phone the menu opens as a drawer and closes after picking a page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('sidebar-toggle').click();
  const drawerMenu = page.getByTestId('console-sidebar');
  await expect(drawerMenu).toBeVisible();
  await snap(page, 'console-drawer-zh-mobile', { fullPage: false });
  await drawerMenu.getByRole('menuitem').first().click();
  await expect(page.getByTestId('console-sidebar')).toBeHidden();
  await snap(page, 'dashboard-zh-mobile');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('console-sidebar')).toBeVisible();
});
