import { expect, test } from '@playwright/test';
import { cookieValue, signIn, snap, users } from './support/session';

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

  // A parent of the sidebar typed or bookmarked leads to its first page, not to the not-found page.
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/wallet\/index$/);
  await page.goto('/order');
  await expect(page).toHaveURL(/\/order\/consume\/orientation$/);
});

test('in English every sidebar label shows whole at 210px, on as many lines as it needs', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  // The administrator sees every entry, the longest labels among them.
  await signIn(page, users.admin);
  const sidebar = page.getByTestId('console-sidebar');
  await expect(sidebar).toHaveCSS('width', '210px');
  const panoramas = sidebar.getByRole('menuitem', { name: 'My panoramas and models' });
  await expect(panoramas).toBeVisible();
  // Open every group, so that the nested labels count too.
  const closedGroups = sidebar.locator('.ant-menu-submenu-inline:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closedGroups.count()) > 0) await closedGroups.first().click();
  const labels = sidebar.locator('.ant-menu-title-content');
  expect(await labels.count()).toBeGreaterThan(4);
  const cut = await labels.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight)
      .map((element) => element.textContent),
  );
  expect(cut).toEqual([]);
  // The long one takes two lines rather than an ellipsis.
  expect(await panoramas.locator('.ant-menu-title-content').evaluate((element) => element.clientHeight)).toBeGreaterThan(30);
  await snap(page, 'console-sidebar-en', { fullPage: false });
  await context.close();
});
