import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { readCode, signedInAccount, signedInAs, type SignedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { inBothLanguages, signedInPage, signInAt, type Language } from './support/back-office';
import { snap, users } from './support/session';

/**
 * Withdrawing income (issue 15, docs/withdrawals.md). A seller earns ¥25.00 the honest way: a buyer
 * recharges through the sandbox checkout and pays for a work sold to them. The seller binds an Alipay
 * account, asks to withdraw ¥20.00, an admin approves it in the back office, the payout job pays it
 * through the sandbox provider, and the seller's records show it paid (the rest still withdrawable).
 * Binding takes the seller's password and the withdrawal an SMS code sent to their phone (docs/withdrawals.md,
 * "Step-up checks"); an admin sets the cooling period of new accounts to 0 first, so the account can be used at once.
 */

const WORDS = {
  zh: {
    withdrawTitle: '提现',
    recordsTitle: '提现记录',
    available: '¥25.00',
    availableAfter: '¥5.00',
    notBound: '未绑定',
    accountMasked: '139****5678 · *小明',
    belowMinimum: '每次提现至少 ¥10.00',
    overIncome: '最多可提现 ¥25.00',
    confirm: '确认提现',
    codeNotSent: '请先获取验证码',
    byPassword: '登录密码',
    codeLabel: '验证码',
    confirmSummary: '将从收益中冻结 ¥20.00，审核通过后打款到支付宝 139****5678（*小明）。',
    reviewing: '审核中',
    paid: '已到账',
    all: '全部',
    approve: /^通\s?过$/,
    adminTitle: '提现审核',
    paidNotice: '您的提现 ¥20.00 已打款到您的支付宝账户',
    logStatus: ['状态', '审核中', '已通过'],
    logContext: ['未变', '金额', '¥20.00', '渠道', '支付宝'],
  },
  en: {
    withdrawTitle: 'Withdraw',
    recordsTitle: 'Withdrawals',
    available: '¥25.00',
    availableAfter: '¥5.00',
    notBound: 'Not bound',
    accountMasked: '139****5678 · *小明',
    belowMinimum: 'A withdrawal must be at least ¥10.00',
    overIncome: 'You can withdraw at most ¥25.00',
    confirm: 'Withdraw',
    codeNotSent: 'Please get a verification code first',
    byPassword: 'Password',
    codeLabel: 'Verification code',
    confirmSummary: '¥20.00 will be set aside from your income and paid to Alipay 139****5678 (*小明) once an operator approves it.',
    reviewing: 'Under review',
    paid: 'Paid',
    all: 'All',
    approve: /^Approve$/,
    adminTitle: 'Withdrawals',
    paidNotice: 'Your withdrawal of ¥20.00 was paid to your Alipay account',
    logStatus: ['Status', 'In review', 'Approved'],
    logContext: ['Unchanged', 'Amount', '¥20.00', 'Channel', 'Alipay'],
  },
} as const;

/** The buyer's balance gets ¥30.00 through the sandbox's test checkout, as a phone paying the QR code would. */
async function rechargeThroughSandbox(buyer: SignedInAccount, anyone: APIRequestContext): Promise<void> {
  const order = await dataOf<{ orderNo: string; codeUrl: string }>(
    await buyer.api.post('/api/c/flowRecharge/nativePayNow', { data: { months: 1, fee: 3000 } }),
  );
  const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign');
  await dataOf(await anyone.post(`/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}`));
}

/** The seller sells a work to the buyer for ¥25.00 and the buyer confirms: ¥25.00 of income for the seller. */
async function earnBySale(seller: SignedInAccount, buyer: SignedInAccount, workName: string): Promise<void> {
  const work = await dataOf<{ uid: string }>(await seller.api.post('/api/model', { data: { name: workName, type: 'panorama' } }));
  const transfer = await dataOf<{ id: number }>(
    await seller.api.post(`/api/model/${work.uid}/sellTo`, { form: { phoneOrCode: buyer.phone, sellingPrice: '25', remark: '' } }),
  );
  await dataOf(await buyer.api.post(`/api/transfers/${transfer.id}/confirm`));
}

/** New payout accounts usable at once (the back office's setting; 24 hours by default). */
async function noCoolingPeriod(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/client/login', { form: { phoneNumber: users.admin.phone, password: users.admin.password } });
  const token = login.headers()['x-auth-token'] ?? '';
  await dataOf(
    await request.put('/api/admin/withdrawals/settings', {
      data: { payoutAccountCoolingHours: 0 },
      headers: { 'auth-token': token, 'x-auth-token': token },
    }),
  );
}

/** A seller named `sellerName` with ¥25.00 of income from selling `workName` to a buyer who recharged through the sandbox. */
async function sellerWithIncome(
  { request, playwright }: { request: APIRequestContext; playwright: { request: Parameters<typeof signedInAccount>[1] } },
  info: TestInfo,
  sellerName: string,
  workName: string,
  /** A seeded account to sell as, rather than a new one (whose sign-up code holds back the next for a minute). */
  account?: { phone: string; password: string },
): Promise<SignedInAccount> {
  const baseURL = info.project.use.baseURL;
  const seller = account
    ? await signedInAs(request, playwright.request, { ...account, baseURL })
    : await signedInAccount(request, playwright.request, { network: 8, password: 'Withdraw#2026', baseURL });
  const buyer = await signedInAccount(request, playwright.request, { network: 8, password: 'Withdraw#2026', baseURL });
  await dataOf(await seller.api.patch(`/api/client/${seller.uid}/info`, { form: { fullName: sellerName } }));
  await rechargeThroughSandbox(buyer, request);
  await earnBySale(seller, buyer, workName);
  await noCoolingPeriod(request);
  return seller;
}

const recordRow = (page: Page) => page.getByTestId('withdrawal-row').first();
/** A form field's error (the one before it may still be fading out). */
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });

inBothLanguages(
  'a seller withdraws income to Alipay; an admin approves it in the back office and the records show it paid',
  async ({ page, browser, request, playwright }, info, language: Language) => {
    const words = WORDS[language];
    const sellerName = language === 'zh' ? '周提现' : 'Zoe Withdraw';
    const workName = language === 'zh' ? '江景样板间' : 'River view suite';
    const seller = await sellerWithIncome({ request, playwright }, info, sellerName, workName, users.withdrawers[language]);

    // The withdraw page: ¥25.00 withdrawable, nothing bound yet.
    await signInAt(page, seller, '/wallet/withdraw');
    await expect(page.locator('h1')).toHaveText(words.withdrawTitle);
    await expect(page.getByTestId('withdraw-available')).toContainText(words.available);
    await expect(page.getByTestId('withdraw-sandbox')).toBeVisible();
    await expect(page.getByTestId('payout-account-alipay')).toContainText(words.notBound);
    await snap(page, `withdrawals-${language}-01-nothing-bound`);

    // Bind an Alipay account: a bad one is refused in the form, in the page's language.
    await page.getByTestId('payout-account-alipay-edit').click();
    await page.getByTestId('payout-account-input').fill('not-an-account');
    await page.getByTestId('payout-name-input').fill('王小明');
    // The proof: the password here (the SMS code below, at the withdrawal).
    await page.getByTestId('step-up-use-password').click();
    await page.getByTestId('step-up-password').fill(seller.password);
    await page.getByTestId('payout-account-save').click();
    await expect(page.locator('.ant-form-item-explain-error')).toBeVisible();
    await page.getByTestId('payout-account-input').fill('13912345678');
    await snap(page, `withdrawals-${language}-02-bind-dialog`, { fullPage: false });
    await page.getByTestId('payout-account-save').click();
    await expect(page.getByTestId('payout-account-alipay').getByTestId('payout-account-masked')).toHaveText(words.accountMasked);

    // The amount: below the minimum and above the income are refused before anything is sent.
    const amount = page.getByTestId('withdraw-amount');
    await amount.fill('9.99');
    await page.getByTestId('withdraw-submit').click();
    await expect(fieldError(page, words.belowMinimum)).toBeVisible();
    await amount.fill('25.01');
    await page.getByTestId('withdraw-submit').click();
    await expect(fieldError(page, words.overIncome)).toBeVisible();
    await page.getByTestId('withdraw-all').click();
    await expect(amount).toHaveValue('25.00');
    await amount.fill('20');
    await snap(page, `withdrawals-${language}-03-amount`);
    await page.getByTestId('withdraw-submit').click();
    const confirm = page.locator('.ant-modal').filter({ has: page.getByTestId('withdraw-confirm-summary') });
    await expect(confirm.getByTestId('withdraw-confirm-summary')).toHaveText(words.confirmSummary);
    // The withdrawal asks for an SMS code sent to the seller's own phone.
    const code = confirm.getByRole('textbox', { name: words.codeLabel });
    await code.fill('123456');
    await confirm.getByTestId('withdraw-confirm').click();
    await expect(fieldError(page, words.codeNotSent)).toBeVisible();
    await confirm.getByTestId('send-code').click();
    await expect(confirm.getByTestId('send-code')).toBeDisabled();
    await code.fill(await readCode(request, seller.phone, 'withdrawal'));
    await snap(page, `withdrawals-${language}-04-confirm`, { fullPage: false });
    await confirm.getByTestId('withdraw-confirm').click();

    // The records: under review.
    await expect(page).toHaveURL(/\/wallet\/withdrawRecord$/);
    await expect(page.locator('h1')).toHaveText(words.recordsTitle);
    await expect(page.getByTestId('withdrawal-row')).toHaveCount(1);
    await expect(recordRow(page).getByTestId('withdrawal-status')).toHaveText(words.reviewing);
    await expect(recordRow(page).getByTestId('withdrawal-amount')).toHaveText('¥20.00');
    await snap(page, `withdrawals-${language}-05-reviewing`);

    // The admin, in a browser of their own: the queue of withdrawals under review, approve.
    const adminPage = await signedInPage(browser, info, language, users.admin, '/admin/withdrawals');
    await expect(adminPage.locator('h1')).toHaveText(words.adminTitle);
    const queued = adminPage.getByTestId('withdrawal-queue-row').filter({ hasText: sellerName });
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText('13912345678');
    await expect(queued).toContainText('王小明');
    await snap(adminPage, `withdrawals-${language}-06-admin-queue`);
    // The back office's setting the journey changed: new accounts usable at once.
    await adminPage.getByTestId('withdrawal-settings').click();
    await expect(adminPage.getByTestId('withdrawal-settings-cooling')).toHaveValue('0');
    await snap(adminPage, `withdrawals-${language}-06b-admin-settings`, { fullPage: false });
    await adminPage.keyboard.press('Escape');
    await queued.getByTestId('withdrawal-approve').click();
    const approveDialog = adminPage.locator('.ant-modal-confirm');
    await expect(approveDialog).toContainText('¥20.00');
    await approveDialog.getByRole('button', { name: words.approve }).click();
    await expect(queued).toHaveCount(0);

    // Approving queued the payout job: within seconds the sandbox has paid it (the queue refreshes itself
    // while a withdrawal on it is on its way).
    await adminPage.getByTestId('withdrawal-queue-filter').getByText(words.all, { exact: true }).click();
    const decided = adminPage.getByTestId('withdrawal-queue-row').filter({ hasText: sellerName });
    await expect(decided.getByTestId('withdrawal-status')).toHaveText(words.paid, { timeout: 30_000 });
    await snap(adminPage, `withdrawals-${language}-07-admin-paid`);

    // The admin log: what the approval changed, under labels; the amount, channel and user it concerned
    // are context, not struck out as removed. Other journeys approve withdrawals at the same time: this
    // one's entry is found by its withdrawal number.
    const records = await dataOf<{ list: { withdrawalNo: string }[] }>(await seller.api.get('/api/c/withdraw/records'));
    await adminPage.goto(`/admin/log?action=withdrawal.approve&targetId=${records.list[0]!.withdrawalNo}`);
    await adminPage.locator('.ant-table-row').first().locator('.ant-table-row-expand-icon').click();
    const diff = adminPage.getByTestId('state-diff');
    await expect(diff.locator('[data-kind="changed"]')).toHaveText(words.logStatus.join(''));
    await expect(diff.locator('[data-kind="removed"]')).toHaveCount(0);
    for (const text of words.logContext) await expect(diff.getByTestId('state-diff-context')).toContainText(text);
    await snap(adminPage, `withdrawals-${language}-07b-admin-log`, { fullPage: false });
    await adminPage.context().close();

    // The seller's records show it paid (the page refreshes itself while a withdrawal is on its way).
    await page.reload();
    await expect(recordRow(page).getByTestId('withdrawal-status')).toHaveText(words.paid, { timeout: 30_000 });
    await snap(page, `withdrawals-${language}-08-paid`);
    const notices = await dataOf<{ list: { kind: string }[] }>(await seller.api.get('/api/c/notifications?pageSize=10'));
    expect(notices.list.map((notice) => notice.kind)).toEqual(expect.arrayContaining(['withdrawalApproved', 'withdrawalPaid']));
    await page.getByTestId('notification-bell').click();
    await expect(page.getByText(words.paidNotice).first()).toBeVisible();

    // What is left can still be withdrawn.
    await page.goto('/wallet/withdraw');
    await expect(page.getByTestId('withdraw-available')).toContainText(words.availableAfter);
  },
);

const ENDING_WORDS = {
  zh: {
    paying: '打款中',
    failed: '打款失败',
    endFailed: '标记为失败',
    reason: '支付宝确认未收到这笔转账，请重新提现',
    ended: '已标记为失败，款项已退回其收益余额',
    failedNotice: '您的提现 ¥15.00 打款失败，款项已退回收益余额',
  },
  en: {
    paying: 'Paying out',
    failed: 'Payout failed',
    endFailed: 'End as failed',
    reason: 'Alipay confirmed it never received this transfer; please withdraw again',
    ended: "Ended as failed; the money is back in the person's income",
    failedNotice: 'Your withdrawal of ¥15.00 could not be paid out and the money is back in your income',
  },
} as const;

inBothLanguages(
  'an admin ends a payout that got no answer as failed, once the provider confirms nothing was paid; the money is back',
  async ({ page, browser, request, playwright }, info, language: Language) => {
    const words = ENDING_WORDS[language];
    const sellerName = language === 'zh' ? '吴未达' : 'Una Answered';
    const seller = await sellerWithIncome({ request, playwright }, info, sellerName, language === 'zh' ? '山景样板间' : 'Hill view suite');
    // The sandbox never answers a payout to an account containing "lost" (docs/withdrawals.md).
    await dataOf(
      await seller.api.put('/api/c/withdraw/accounts/alipay', {
        data: { account: 'lost-payee@example.com', realName: '王小明', password: seller.password },
      }),
    );
    const withdrawal = await dataOf<{ id: number; withdrawalNo: string }>(
      await seller.api.post('/api/c/withdraw', { data: { amount: 1_500, channel: 'alipay', password: seller.password } }),
    );

    const adminPage = await signedInPage(browser, info, language, users.admin, `/admin/withdrawals`);
    const row = () => adminPage.getByTestId('withdrawal-queue-row').filter({ hasText: sellerName });
    await row().getByTestId('withdrawal-approve').click();
    await adminPage.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect(row()).toHaveCount(0);

    // The payout job asked the sandbox and got no answer: paying, the error shown, looked at again later.
    await adminPage.getByTestId('withdrawal-queue-filter').getByText(WORDS[language].all, { exact: true }).click();
    await expect(row().getByTestId('withdrawal-status')).toHaveText(words.paying, { timeout: 30_000 });
    await expect(row()).toContainText('no answer', { timeout: 30_000 });
    await snap(adminPage, `withdrawals-${language}-09-admin-paying-unknown`);

    await row().getByTestId('withdrawal-end-failed').click();
    const dialog = adminPage.locator('.ant-modal').filter({ has: adminPage.getByTestId('withdrawal-end-reason') });
    await expect(dialog).toContainText('¥15.00');
    await dialog.getByRole('button', { name: words.endFailed }).click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toBeVisible();
    await adminPage.getByTestId('withdrawal-end-reason').fill(words.reason);
    await snap(adminPage, `withdrawals-${language}-10-end-dialog`, { fullPage: false });
    // The sandbox's call takes five seconds to give up; until then the server answers "try again shortly"
    // (1659), since only a call that is over makes "nothing under this number" an answer.
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: words.endFailed }).click();
      await expect(adminPage.getByText(words.ended)).toBeVisible({ timeout: 1_500 });
    }).toPass({ timeout: 30_000, intervals: [1_000] });
    await expect(row().getByTestId('withdrawal-status')).toHaveText(words.failed);
    await expect(row().getByTestId('withdrawal-end-failed')).toHaveCount(0);
    await snap(adminPage, `withdrawals-${language}-11-admin-ended`);
    await adminPage.context().close();

    // The seller: the reason on the record, the money back, the notice.
    await signInAt(page, seller, '/wallet/withdrawRecord');
    await expect(recordRow(page).getByTestId('withdrawal-status')).toHaveText(words.failed);
    await expect(recordRow(page)).toContainText(words.reason);
    await snap(page, `withdrawals-${language}-12-seller-failed`);
    await page.getByTestId('notification-bell').click();
    await expect(page.getByText(words.failedNotice).first()).toBeVisible();
    const options = await dataOf<{ withdrawableFen: number }>(await seller.api.get('/api/c/withdraw/options'));
    expect(options.withdrawableFen).toBe(2_500);
    expect(withdrawal.withdrawalNo).toMatch(/^W/);
  },
);
