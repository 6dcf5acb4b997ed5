import { expect, type TestInfo } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { approveRow, freshPng, inBothLanguages, signInAt, signedInPage, type JourneyFixtures, type Language } from './support/back-office';
import { snap, users } from './support/session';
import { WorksApi } from './support/works';

/*
 * Identity authentication (spec 7.3; issue 14): a user with a published work applies for the
 * photographer identity (id 2) from their profile, with a business card image uploaded as soon as it is
 * chosen, and sees it under review; an admin approves it at /admin/identityApplications; the badge then
 * shows beside the user's name on the public page of their work. Once in Chinese, once in English; each
 * test has its own user, whose row the admin finds by phone number.
 */

interface Words {
  photographer: string;
  apply: string;
  dialogTitle: string;
  submit: string;
  cardRequired: string;
  submitted: string;
  pending: string;
  approved: string;
  approve: RegExp;
  badgeTooltip: string;
}

const WORDS: Record<'zh' | 'en', Words> = {
  zh: {
    photographer: '摄影师',
    apply: '申请认证',
    dialogTitle: '申请“摄影师”认证',
    submit: '提交申请',
    cardRequired: '请上传名片',
    submitted: '申请已提交，请留意通知',
    pending: '审核中',
    approved: '已认证',
    approve: /^通\s?过$/,
    badgeTooltip: '已通过平台“摄影师”身份认证',
  },
  en: {
    photographer: 'Photographer',
    apply: 'Apply',
    dialogTitle: 'Apply for the Photographer identity',
    submit: 'Submit application',
    cardRequired: 'Upload your business card',
    submitted: 'Application submitted. Please watch for notifications',
    pending: 'Under review',
    approved: 'Verified',
    approve: /^Approve$/,
    badgeTooltip: 'Verified Photographer on this platform',
  },
};

async function journey({ browser, page }: JourneyFixtures, info: TestInfo, language: Language) {
  const words = WORDS[language];
  const user = { phone: uniquePhone(7), password: 'Badge#2026' };
  await createAccount(page.request, user.phone, user.password);
  await signInAt(page, user, '/userInformation/index');

  // A published work of theirs, through the API: its public page is where the badge will show.
  const works = await WorksApi.of(page);
  const work = await works.createPublishedWork(language === 'zh' ? '认证摄影作品' : 'Verified portfolio');

  // The profile's identity card: every default kind, none applied for yet.
  const card = page.getByTestId('identity-card');
  await expect(card.getByTestId('identity-kind')).toHaveCount(15);
  const photographer = card.locator('[data-testid="identity-kind"][data-code="photographer"]');
  await expect(photographer).toContainText(words.photographer);
  await expect(photographer).toHaveAttribute('data-state', 'none');
  await photographer.getByTestId('identity-apply').click();

  const dialog = page.getByRole('dialog').filter({ hasText: words.dialogTitle });
  await expect(dialog).toBeVisible();
  // Nothing filled: the card and the real name are asked for.
  await dialog.getByRole('button', { name: words.submit }).click();
  await expect(dialog.getByText(words.cardRequired)).toBeVisible();
  // The card uploads as soon as it is chosen.
  const businessCard = freshPng(180, 108, language);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: businessCard });
  await expect(dialog.locator('.ant-upload-list-item-done')).toBeVisible();
  await dialog.getByTestId('identity-field-realName').fill(language === 'zh' ? '林摄影' : 'Lin Lens');
  await dialog.getByTestId('identity-field-company').fill(language === 'zh' ? '光影工作室' : 'Light Studio');
  await dialog.getByTestId('identity-field-portfolioUrl').fill('https://example.com/portfolio');
  await snap(page, `identity-${language}-01-dialog`, { fullPage: false });
  await dialog.getByRole('button', { name: words.submit }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: words.submitted })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(photographer).toHaveAttribute('data-state', 'pending');
  await expect(photographer.getByTestId('identity-state')).toHaveText(words.pending);
  await card.scrollIntoViewIfNeeded();
  await snap(page, `identity-${language}-02-under-review`, { fullPage: false });

  // The admin approves it from the queue, in a browser of their own.
  const admin = await signedInPage(browser, info, language, users.admin, '/admin/identityApplications');
  const row = admin.locator('.ant-table-row').filter({ hasText: user.phone });
  await expect(row).toBeVisible();
  await expect(row).toContainText(words.photographer);
  await expect(row.getByTestId('identity-card-image').locator('img')).toBeVisible();
  await snap(admin, `identity-${language}-03-queue`, { fullPage: false });
  await approveRow(admin, row, 'identity-approve', words.approve);
  await admin.context().close();

  // The profile says so, and the badge shows beside the author's name on the public work page.
  await page.reload();
  await expect(photographer).toHaveAttribute('data-state', 'approved');
  await expect(photographer.getByTestId('identity-state')).toHaveText(words.approved);
  await page.goto(`/details/${work.uid}`);
  const badge = page.getByTestId('identity-badge');
  await expect(badge).toHaveText(words.photographer);
  await expect(badge).toHaveAttribute('data-identity', 'photographer');
  await page.getByTestId('details-author').scrollIntoViewIfNeeded();
  await snap(page, `identity-${language}-04-badge`, { fullPage: false });
  await badge.hover();
  await expect(page.locator('.ant-tooltip').filter({ hasText: words.badgeTooltip })).toBeVisible();
}

inBothLanguages(
  'a user applies for the photographer identity with a business card; an admin approves; the badge shows on their work',
  journey,
);
