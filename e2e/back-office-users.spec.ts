import { expect, type Page, type TestInfo } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { inBothLanguages, signInAt, signedInPage, type JourneyFixtures, type Language } from './support/back-office';
import { cookieValue, snap, TOKEN_COOKIE, users } from './support/session';

/*
 * The back office's users (issue 14): the admin finds a user by phone, opens them, edits their
 * permission tree (a parent half and then fully checked, 276 locked and still checked), saves;
 * disables the user, whose open session is refused at once, and enables them again; the admin log
 * shows every step. Each test makes its own user, found by its uid.
 */

interface Words {
  usersTitle: string;
  tooltip276: string;
  treeSaved: string;
  disableDialog: string;
  disabledTag: string;
  enabled: string;
  activeTag: string;
  actions: { permissions: string; disable: string; enable: string };
  before: string;
  /** The field `disabled` as the log labels it, and its values before and after. */
  disabledField: string;
  disabledChange: [string, string];
}

const WORDS: Record<'zh' | 'en', Words> = {
  zh: {
    usersTitle: '用户管理',
    tooltip276: '始终开启：每个账号都有',
    treeSaved: '权限已保存',
    disableDialog: '其在所有设备上的登录会立即失效',
    disabledTag: '已停用',
    enabled: '账号已启用',
    activeTag: '正常',
    actions: { permissions: '修改权限', disable: '停用账号', enable: '启用账号' },
    before: '操作前',
    disabledField: '已停用',
    disabledChange: ['否', '是'],
  },
  en: {
    usersTitle: 'Users',
    tooltip276: 'Always on: every account has it',
    treeSaved: 'Permissions saved',
    disableDialog: 'Their sessions end at once on every device',
    disabledTag: 'Disabled',
    enabled: 'Account enabled',
    activeTag: 'Active',
    actions: { permissions: 'Changed permissions', disable: 'Disabled an account', enable: 'Enabled an account' },
    before: 'Before',
    disabledField: 'Disabled',
    disabledChange: ['No', 'Yes'],
  },
};

/** The tree row of a permission (`perm-<id>`) or a group (`group-<code>`), and its check box. */
function treeBox(page: Page, testId: string) {
  const node = page.locator('.ant-tree-treenode', { has: page.getByTestId(testId) });
  return { node, box: node.locator('.ant-tree-checkbox').first() };
}

async function expectBox(page: Page, testId: string, state: 'checked' | 'half' | 'unchecked') {
  const { box } = treeBox(page, testId);
  if (state === 'checked') await expect(box).toHaveClass(/ant-tree-checkbox-checked/);
  else await expect(box).not.toHaveClass(/ant-tree-checkbox-checked/);
  if (state === 'half') await expect(box).toHaveClass(/ant-tree-checkbox-indeterminate/);
  else await expect(box).not.toHaveClass(/ant-tree-checkbox-indeterminate/);
}

async function journey({ browser, page, request, playwright }: JourneyFixtures, info: TestInfo, language: Language) {
  const words = WORDS[language];

  // The user, with a name, signed in in a browser of their own.
  const password = 'Review#2026';
  const account = await signedInAccount(request, playwright.request, { network: 8, password, baseURL: info.project.use.baseURL });
  const name = `${language === 'zh' ? '柯审查' : 'Kit Review'} ${account.phone.slice(-4)}`;
  await dataOf(await account.api.patch(`/api/client/${account.uid}/info`, { form: { fullName: name } }));
  const userPage = await signedInPage(browser, info, language, { phone: account.phone, password }, '/dashboard/dashboard');

  // The admin searches by phone and opens the user.
  await signInAt(page, users.admin, '/admin/users');
  await expect(page.locator('h1')).toHaveText(words.usersTitle);
  await page.getByTestId('admin-user-search').locator('input').fill(account.phone);
  await page.getByTestId('admin-user-search').locator('input').press('Enter');
  const row = page.locator(`[data-testid="admin-user-row"][data-uid="${account.uid}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await expect(row).toContainText(name);
  await snap(page, `back-office-users-${language}-01-search`, { fullPage: false });
  await row.getByTestId('user-link').click();
  await expect(page).toHaveURL(`/admin/users/${account.uid}`);
  await expect(page.getByTestId('admin-user-detail')).toBeVisible();

  // The permission tree: one market permission makes the group half checked, the group box all of it.
  const tree = page.getByTestId('permission-tree');
  await expect(tree.getByTestId('permlist')).toContainText('276');
  await expectBox(page, 'group-market', 'unchecked');
  await treeBox(page, 'perm-481').box.click();
  await expectBox(page, 'perm-481', 'checked');
  await expectBox(page, 'group-market', 'half');
  await treeBox(page, 'group-market').box.click();
  await expectBox(page, 'group-market', 'checked');
  await expectBox(page, 'perm-480', 'checked');
  await expectBox(page, 'perm-490', 'checked');
  // 276 is locked: its box is disabled, says why, and a click leaves it checked.
  const always = treeBox(page, 'perm-276');
  await expect(always.box).toHaveClass(/ant-tree-checkbox-disabled/);
  await always.box.click({ force: true });
  await expectBox(page, 'perm-276', 'checked');
  await page.getByTestId('perm-276').hover();
  await expect(page.locator('.ant-tooltip').filter({ hasText: words.tooltip276 })).toBeVisible();
  await snap(page, `back-office-users-${language}-02-tree`);
  await page.getByTestId('save-permissions').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: words.treeSaved })).toBeVisible();
  await expect(tree.getByTestId('permlist')).toContainText('480, 481, 490');
  await expectBox(page, 'group-market', 'checked');

  // Disabled: the dialog says the sessions end at once, and the user's open page is refused on reload.
  await page.getByTestId('disable-user').click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toContainText(words.disableDialog);
  await snap(page, `back-office-users-${language}-03-disable-dialog`, { fullPage: false });
  await dialog.getByTestId('confirm-account-action').click();
  await expect(page.getByTestId('user-facts').getByTestId('user-status')).toContainText(words.disabledTag);
  await expect(page.getByTestId('user-sessions')).toContainText('0');
  await snap(page, `back-office-users-${language}-04-disabled`);

  const info401 = userPage.waitForResponse((response) => /\/api\/client\/[^/]+\/info/.test(response.url()));
  await userPage.reload();
  expect((await info401).status()).toBe(401);
  await expect(userPage).toHaveURL('/?redirect=%2Fdashboard%2Fdashboard');
  expect(await cookieValue(userPage, TOKEN_COOKIE)).toBeUndefined();
  await snap(userPage, `back-office-users-${language}-05-user-signed-out`, { fullPage: false });
  await userPage.context().close();

  // Enabled again: the user may sign in.
  await page.getByTestId('enable-user').click();
  await dialog.getByTestId('confirm-account-action').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: words.enabled })).toBeVisible();
  await expect(page.getByTestId('user-facts').getByTestId('user-status')).toContainText(words.activeTag);
  const login = await request.post('/api/client/login', { form: { phoneNumber: account.phone, password } });
  expect(login.ok()).toBe(true);

  // The admin log shows the three steps, newest first, with the state before and after.
  await page.goto(`/admin/log?targetType=user&targetId=${account.uid}`);
  const actions = page.getByTestId('admin-log-action');
  await expect(actions).toHaveText([words.actions.enable, words.actions.disable, words.actions.permissions]);
  await page.locator('.ant-table-row').filter({ hasText: words.actions.disable }).locator('.ant-table-row-expand-icon').click();
  const diff = page.getByTestId('state-diff');
  await expect(diff).toContainText(words.before);
  // The field under its label, not its name, with readable values.
  const change = diff.locator('[data-kind="changed"]');
  await expect(change.locator('.state-diff__path')).toHaveText(words.disabledField);
  await expect(change.locator('.state-diff__before')).toHaveText(words.disabledChange[0]);
  await expect(change.locator('.state-diff__after')).toHaveText(words.disabledChange[1]);
  await snap(page, `back-office-users-${language}-06-log`);

  // On a phone: the list becomes cards, the user's page one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/users?q=${account.phone}`);
  await expect(page.locator(`[data-testid="admin-user-row"][data-uid="${account.uid}"]`)).toBeVisible();
  await snap(page, `back-office-users-${language}-07-mobile-list`);
  await page.getByTestId('user-link').click();
  await expect(page.getByTestId('permission-tree')).toBeVisible();
  await snap(page, `back-office-users-${language}-08-mobile-detail`, { fullPage: false });
}

inBothLanguages('an admin finds a user, edits the permission tree (276 stays), disables and enables them; the log shows it', journey);
