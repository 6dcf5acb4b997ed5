import { expect, test, type Page } from '@playwright/test';
import { signIn, snap, users } from './support/session';

/*
 * The back office's overview (issue 14): an admin sees what waits in each review queue, the totals and
 * the daily chart of new users and works; a queue's card opens that queue. Once in Chinese, once in
 * English (the language follows the browser on a first visit).
 */

const WORDS = {
  zh: {
    identityQueue: '身份认证待审核',
    newWorks: '新增作品',
    identityPage: '身份认证审核',
    chart: /近 30 天新增用户/,
    worksChart: /近 30 天新增作品/,
  },
  en: {
    identityQueue: 'Identity applications to review',
    newWorks: 'New works',
    identityPage: 'Identity reviews',
    chart: /New users over the last 30 days/,
    worksChart: /New works over the last 30 days/,
  },
} as const;

async function journey(page: Page, language: 'zh' | 'en') {
  const words = WORDS[language];
  await signIn(page, users.admin);
  await page.goto('/admin/overview');
  const overview = page.getByTestId('admin-overview');
  await expect(overview).toBeVisible();
  await expect(overview.getByRole('img', { name: words.chart })).toBeVisible();
  await expect(page.getByTestId('pending-identityApplications')).toContainText(words.identityQueue);
  await overview.locator('.admin-overview__measure').getByText(words.newWorks).click();
  await expect(overview.getByRole('img', { name: words.worksChart })).toBeVisible();
  await snap(page, `back-office-overview-${language}`);
  await page.getByTestId('pending-identityApplications').click();
  await expect(page).toHaveURL(/\/admin\/identityApplications$/);
  await expect(page.getByRole('heading', { level: 1, name: words.identityPage })).toBeVisible();
}

test.describe('back office overview', () => {
  test.describe('zh', () => {
    test.use({ locale: 'zh-CN' });
    test('queues, totals and the daily chart', async ({ page }) => journey(page, 'zh'));
  });
  test.describe('en', () => {
    test.use({ locale: 'en-US' });
    test('queues, totals and the daily chart', async ({ page }) => journey(page, 'en'));
  });
});
