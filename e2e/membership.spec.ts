import { expect, type Page, type TestInfo } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { approveRow, freshPng, inBothLanguages, signInAt, signedInPage, type JourneyFixtures, type Language } from './support/back-office';
import { chooseFromMenu, snap, users } from './support/session';
import { recordToasts, toastsSeen } from './support/toasts';

/*
 * Membership registration (spec 2.7, 5, 8; issue 14): a user opens the dialog from the user menu, sees
 * spec 5's warnings in its order, uploads a licence image, picks a version and applies; an admin
 * approves it in the back office; the user's sidebar gains the version's pages without signing in
 * again (the point-cloud list of its 'works' group: a new account is a customer, without it), and
 * /userInformation/vip shows the active trial. The page follows each step without a reload: before,
 * every version offers Apply and shows its price and trial once; after applying, "My membership" and
 * the version say the application is pending, with no second Apply; after approval the version is
 * marked as the current plan with its end date. Each test has its own user and licence image (one free
 * trial per licence), and finds its application by the company name.
 */

interface Words {
  registration: string;
  entityName: string;
  nameAndPhone: string;
  version: string;
  success: string;
  professional: string;
  fee: RegExp;
  features: string;
  /** The sidebar entry of a page the version's 'works' group opens (/pointCloudList, 460), which a new customer lacks. */
  versionPage: string;
  approve: RegExp;
  trial: string;
  daysLeft: string;
  /** The page's title, a noun. */
  pageTitle: string;
  /** A version card's price line: the monthly price and the trial, each once. */
  price: RegExp;
  pendingReview: string;
  currentPlan: string;
}

const WORDS: Record<'zh' | 'en', Words> = {
  zh: {
    registration: '会员注册',
    entityName: '请填写主体名称',
    nameAndPhone: '请填写姓名和电话',
    version: '请选择会员版本',
    success: '申请已提交，请留意通知',
    professional: '专业版',
    fee: /免费试用 30 天，试用结束后 ¥99\.00\/月/,
    features: '团队管理',
    versionPage: '点云列表',
    approve: /^通\s?过$/,
    trial: '免费试用',
    daysLeft: '剩余 30 天',
    pageTitle: '会员中心',
    price: /^¥99\.00\/月\s*免费试用 30 天$/,
    pendingReview: '申请审核中',
    currentPlan: '当前版本',
  },
  en: {
    registration: 'Membership registration',
    entityName: 'please fill in the entity name',
    nameAndPhone: 'please fill in name and phone',
    version: 'please choose a membership version',
    success: 'application submitted, please watch for notifications',
    professional: 'Professional',
    fee: /Free for 30 days, then ¥99\.00 a month/,
    features: 'Team management',
    versionPage: 'Point clouds',
    approve: /^Approve$/,
    trial: 'Free trial',
    daysLeft: '30 days left',
    pageTitle: 'Membership',
    price: /^¥99\.00 a month\s*30-day free trial$/,
    pendingReview: 'Application pending review',
    currentPlan: 'Current plan',
  },
};

/** A warning message with this text (antd `message.warning`). */
const warning = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

async function journey({ browser, page }: JourneyFixtures, info: TestInfo, language: Language) {
  const words = WORDS[language];
  const company = `${language === 'zh' ? '星图测绘有限公司' : 'Stellar Survey Ltd'} ${Date.now() % 1_000_000}`;
  const user = { phone: uniquePhone(3), password: 'Member#2026' };
  await createAccount(page.request, user.phone, user.password);
  await signInAt(page, user, '/dashboard/dashboard');
  const sidebar = page.getByTestId('console-sidebar');
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('menuitem', { name: words.versionPage })).toHaveCount(0);

  // The membership page before applying: nothing held or waiting, every version open, each price and trial said once.
  await page.goto('/userInformation/vip');
  await expect(page.getByRole('heading', { level: 1, name: words.pageTitle })).toBeVisible();
  const myMembership = page.getByTestId('my-membership');
  await expect(myMembership).toHaveAttribute('data-status', 'none');
  const versionCard = (name: string) => page.getByTestId('membership-version-card').filter({ hasText: name });
  const professionalCard = versionCard(words.professional);
  await expect(professionalCard).toHaveAttribute('data-standing', 'open');
  await expect(professionalCard.getByTestId('version-price')).toHaveText(words.price);
  await expect(professionalCard.locator('.membership-version__tags')).toHaveCount(0);
  await expect(page.getByTestId('version-apply')).toHaveCount(2);

  // The dialog, from the top bar's user menu: the phone comes from the session, read-only.
  await chooseFromMenu(page, page.getByTestId('user-menu'), words.registration);
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('membership-form') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('membership-phone')).toHaveValue(user.phone);
  await expect(dialog.getByTestId('membership-phone')).toHaveAttribute('readonly', '');
  // The account's name is the registration default (spec 9), which nobody chose: it is not filled in.
  await expect(dialog.getByTestId('membership-name')).toHaveValue('');
  const name = language === 'zh' ? '李雷' : 'Li Lei';

  // Spec 5, in order: the entity name first…
  await recordToasts(page);
  await dialog.getByTestId('membership-confirm').click();
  await expect(warning(page, words.entityName)).toBeVisible();
  await snap(page, `membership-${language}-01-entity-name`, { fullPage: false });
  // …then name and phone (the name cleared)…
  await dialog.getByTestId('membership-company').fill(company);
  await dialog.getByTestId('membership-name').fill('');
  await dialog.getByTestId('membership-confirm').click();
  await expect(warning(page, words.nameAndPhone)).toBeVisible();
  // …then the version.
  await dialog.getByTestId('membership-name').fill(name);
  await dialog.getByTestId('membership-confirm').click();
  await expect(warning(page, words.version)).toBeVisible();
  // One warning a click, each the first unmet rule: nothing repeated, nothing out of order.
  expect(await toastsSeen(page)).toEqual([words.entityName, words.nameAndPhone, words.version]);

  // The licence uploads as soon as it is chosen and shows as the cover.
  const licence = freshPng(96, 64, language);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence });
  await expect(dialog.getByTestId('licence-item')).toHaveAttribute('data-status', 'done');
  await expect(dialog.locator('.licence-upload__cover')).toBeVisible();

  // The version, its price tags and the fee; its features in a tree.
  await dialog.getByTestId('membership-version').click();
  await page.locator('.ant-select-item-option').filter({ hasText: words.professional }).click();
  await expect(dialog.getByTestId('membership-price')).toContainText(words.fee);
  // The fee says the price and the trial; the seeded tags, which only repeat them, are not shown again.
  await expect(dialog.getByTestId('membership-price').locator('.ant-tag')).toHaveCount(0);
  await snap(page, `membership-${language}-02-filled`, { fullPage: false });
  await dialog.getByTestId('membership-view-features').click();
  const features = page.getByTestId('version-features');
  await expect(features).toContainText(words.features);
  await snap(page, `membership-${language}-03-features`, { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(features).toBeHidden();

  await dialog.getByTestId('membership-confirm').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: words.success })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The page behind the dialog follows at once: the application is pending there and on its version, with no second Apply.
  await expect(myMembership).toHaveAttribute('data-status', 'pending');
  await expect(myMembership).toContainText(words.professional);
  await expect(myMembership).toContainText(words.pendingReview);
  await expect(professionalCard).toHaveAttribute('data-standing', 'pending');
  await expect(professionalCard).toContainText(words.pendingReview);
  await expect(page.getByTestId('membership-version-card').filter({ hasNotText: words.professional })).toHaveAttribute(
    'data-standing',
    'blocked',
  );
  await expect(page.getByTestId('version-apply')).toHaveCount(0);
  await expect(page.getByTestId('vip-apply')).toHaveCount(0);
  await snap(page, `membership-${language}-03b-pending`);

  // The admin approves it from the queue, in a browser of their own.
  const admin = await signedInPage(browser, info, language, users.admin, '/admin/membershipApplications');
  const row = admin.locator('.ant-table-row').filter({ hasText: company });
  await expect(row).toBeVisible();
  await expect(row.locator('.ant-image img')).toBeVisible();
  await snap(admin, `membership-${language}-04-queue`, { fullPage: false });
  await approveRow(admin, row, 'application-approve', words.approve);
  // The versions editor: the seeded versions, and the drawer form with the catalogue's groups.
  await admin.goto('/admin/membershipVersions');
  const versions = admin.getByTestId('admin-versions');
  await expect(versions.locator('.ant-table-row').filter({ hasText: words.professional })).toBeVisible();
  await admin.getByTestId('version-create').click();
  await expect(admin.getByTestId('version-form').locator('.ant-checkbox-wrapper')).toHaveCount(7);
  await snap(admin, `membership-${language}-05-versions-editor`, { fullPage: false });
  await admin.context().close();

  // No new sign-in: a reload shows the version's pages in the sidebar, and the bell tells the decision.
  await page.reload();
  await expect(sidebar.getByRole('menuitem', { name: words.versionPage }).first()).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-unread', '1');
  await snap(page, `membership-${language}-06-sidebar`, { fullPage: false });

  await page.goto('/userInformation/vip');
  const membership = page.getByTestId('my-membership');
  await expect(membership).toHaveAttribute('data-status', 'active');
  await expect(membership).toContainText(words.professional);
  await expect(membership).toContainText(words.trial);
  await expect(membership.getByTestId('membership-days-left')).toHaveText(words.daysLeft);
  await expect(page.getByTestId('my-application').first()).toHaveAttribute('data-status', 'approved');
  // The plan held is marked as such, with its end, and offers no Apply; the other waits for paid months.
  await expect(professionalCard).toHaveAttribute('data-standing', 'held');
  await expect(professionalCard).toContainText(words.currentPlan);
  await expect(professionalCard.getByTestId('version-standing')).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('version-apply')).toHaveCount(0);
  await snap(page, `membership-${language}-07-vip`);
}

inBothLanguages('a user applies for a membership, sees each warning in order; an admin approves; the sidebar grows', journey);
