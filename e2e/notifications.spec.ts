import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { signInAt, signedInPage } from './support/back-office';
import { snap, users } from './support/session';
import { WorksApi } from './support/works';

/*
 * The work audit queue and the bell (issue 14): a user's work waits for review; an admin claims it in
 * the back office, previews it and rejects it with a reason; the user's bell shows the notice with
 * the reason, and reading it clears the count. Once in Chinese, once in English; each test has its
 * own user and work, and finds its row by the work's name (other journeys submit works too).
 */

interface Words {
  audit: string;
  claim: RegExp;
  reject: RegExp;
  reasonRequired: string;
  claimedByMe: string;
  rejectionText: (name: string, reason: string) => string;
}

const WORDS: Record<'zh' | 'en', Words> = {
  zh: {
    audit: '作品审核',
    claim: /^认\s?领$/,
    reject: /^驳\s?回$/,
    reasonRequired: '请填写驳回原因',
    claimedByMe: '我',
    rejectionText: (name, reason) => `作品《${name}》未通过审核，原因：${reason}`,
  },
  en: {
    audit: 'Work audit',
    claim: /^Claim$/,
    reject: /^Reject$/,
    reasonRequired: 'Please give a reason for the rejection',
    claimedByMe: 'Me',
    rejectionText: (name, reason) => `Your work "${name}" did not pass review. Reason: ${reason}`,
  },
};

/** A new user signed in on `page`, with a complete work of theirs online and submitted for review. */
async function userWithSubmittedWork(page: Page, workName: string): Promise<void> {
  const user = { phone: uniquePhone(9), password: 'Notice#2026' };
  await createAccount(page.request, user.phone, user.password);
  await signInAt(page, user, '/dashboard/dashboard');
  const works = await WorksApi.of(page);
  const work = await works.createPublishedWork(workName);
  expect((await works.submitForReview(work.uid)).status).toBe('unaudited');
}

async function journey(browser: Browser, page: Page, info: TestInfo, language: 'zh' | 'en') {
  const words = WORDS[language];
  const workName = `${language === 'zh' ? '审核通知' : 'Audit notice'} ${Date.now() % 100_000}`;
  const reason = language === 'zh' ? '封面模糊，请更换清晰的封面' : 'The cover is blurred; please use a sharp one';

  await userWithSubmittedWork(page, workName);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', '0');

  // The admin, in a browser of their own: the queue, the claim, the preview, the rejection.
  const admin = await signedInPage(browser, info, language, users.admin, '/admin/audit');
  await expect(admin.locator('h1')).toHaveText(words.audit);
  const row = admin.locator('.ant-table-row').filter({ hasText: workName });
  await expect(row).toBeVisible();
  await row.getByTestId('audit-claim').click();

  const preview = admin.getByTestId('audit-preview');
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('audit-preview-reject')).toBeVisible();
  // The work's public page, embedded: the same viewer area visitors get.
  await expect(admin.frameLocator('[data-testid="audit-preview-frame"]').locator('.details-embed')).toBeVisible();
  await expect(row.getByTestId('audit-claimed-by')).toHaveText(words.claimedByMe);
  await snap(admin, `notifications-${language}-01-audit-preview`, { fullPage: false });

  await preview.getByTestId('audit-preview-reject').click();
  const dialog = admin.getByRole('dialog').filter({ has: admin.getByTestId('audit-reject-reason') });
  await dialog.getByRole('button', { name: words.reject }).click();
  await expect(dialog).toContainText(words.reasonRequired);
  await dialog.getByTestId('audit-reject-reason').fill(reason);
  await snap(admin, `notifications-${language}-02-reject-reason`, { fullPage: false });
  await dialog.getByRole('button', { name: words.reject }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await snap(admin, `notifications-${language}-03-queue-after`, { fullPage: false });
  await admin.context().close();

  // The user: the bell shows the notice (on the next poll; a reload asks at once), with the reason.
  await page.reload();
  await expect(bell).toHaveAttribute('data-unread', '1');
  await bell.click();
  const panel = page.getByTestId('notification-panel');
  const entry = panel.getByTestId('notification-entry').first();
  await expect(entry).toContainText(words.rejectionText(workName, reason));
  await expect(entry).toHaveAttribute('data-read', 'false');
  await snap(page, `notifications-${language}-04-bell`, { fullPage: false });

  // Opening it marks it read and leads to the work in the dashboard.
  await entry.click();
  await expect(bell).toHaveAttribute('data-unread', '0');
  await expect(page).toHaveURL(/\/dashboard\/dashboard$/);
  await expect(page.locator('.ant-drawer').filter({ hasText: workName })).toBeVisible();
  await snap(page, `notifications-${language}-05-read`, { fullPage: false });
}

test('an admin rejects a work from the audit queue with a reason; the owner’s bell shows it (zh)', async ({ browser, page }, info) => {
  test.slow();
  await journey(browser, page, info, 'zh');

  // The inbox page lists it as read; the public header has the bell too.
  await page.goto('/notifications');
  await expect(page.getByTestId('notifications-list').getByTestId('notification-entry').first()).toHaveAttribute('data-read', 'true');
  await page.getByTestId('notifications-filter').getByText('未读').click();
  await expect(page.getByTestId('notifications-empty')).toContainText('没有未读通知');
  await snap(page, 'notifications-zh-06-inbox', { fullPage: false });
  await page.goto('/');
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0');
  await snap(page, 'notifications-zh-07-site-header', { fullPage: false });
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('an admin rejects a work from the audit queue with a reason; the owner’s bell shows it (en)', async ({ browser, page }, info) => {
    test.slow();
    await journey(browser, page, info, 'en');
  });
});
