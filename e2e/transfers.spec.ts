import { expect, test, type APIRequestContext, type Page, type APIRequest, type TestInfo } from '@playwright/test';
import { signedInAccount, type SignedInAccount } from './support/accounts';
import { snap, sessionFromApi } from './support/session';
import { dataOf } from './support/api';

/*
 * Handing works over (spec 2.3, "projects awaiting receipt" and "shipped projects"). Every test makes
 * its own sender and receiver, so that the works and transfers it creates meet no other spec's
 * expectations about the seeded accounts (tests run in parallel against one server).
 */

interface Account extends SignedInAccount {
  name: string;
}

/** A new account with a name, signed in through POST /api/client/login (the token comes in `x-auth-token`). */
async function makeAccount(contexts: APIRequest, request: APIRequestContext, info: TestInfo, name: string): Promise<Account> {
  const account = await signedInAccount(request, contexts, { network: 5, password: 'Transfer2026', baseURL: info.project.use.baseURL });
  await dataOf(await account.api.patch(`/api/client/${account.uid}/info`, { form: { fullName: name } }));
  return { ...account, name };
}

async function createWork(
  owner: Account,
  name: string,
  { description = '', tags = [] }: { description?: string; tags?: string[] } = {},
): Promise<string> {
  const work = await dataOf<{ uid: string }>(await owner.api.post('/api/model', { data: { name, type: 'panorama', description } }));
  for (const tag of tags) await dataOf(await owner.api.post(`/api/model/${work.uid}/tag/${encodeURIComponent(tag)}`));
  return work.uid;
}

async function distribute(owner: Account, workUid: string, receiver: Account): Promise<void> {
  await dataOf(await owner.api.post(`/api/model/${workUid}/distribute`, { form: { fullName: '1', phoneNumber: receiver.phone } }));
}

async function sell(owner: Account, workUid: string, receiver: Account, sellingPrice: string, remark: string): Promise<void> {
  await dataOf(await owner.api.post(`/api/model/${workUid}/sellTo`, { form: { phoneOrCode: receiver.phone, sellingPrice, remark } }));
}

async function signInTo(page: Page, account: Account, path: string): Promise<void> {
  await sessionFromApi(page.context(), account);
  await page.goto(path);
  await expect(page).toHaveURL(path);
}

const rowOf = (page: Page, workName: string) => page.getByTestId('transfer-row').filter({ hasText: workName });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');

test('a receiver views, confirms, rejects and cannot pay; the sender withdraws and sees the answers (zh, desktop)', async ({
  browser,
  page,
  playwright,
  request,
}, info) => {
  // Two people, four transfers, every answer: a long journey.
  test.slow();
  const sender = await makeAccount(playwright.request, request, info, '林发货');
  const receiver = await makeAccount(playwright.request, request, info, '周收货');
  const works = { gift: '海港全景', sale: '阁楼样板间', withdrawn: '老城街巷', rejected: '花园夜景' };
  const uids = {
    gift: await createWork(sender, works.gift, { description: '傍晚的海港，十二个点位。', tags: ['海景', '夜景'] }),
    sale: await createWork(sender, works.sale),
    withdrawn: await createWork(sender, works.withdrawn),
    rejected: await createWork(sender, works.rejected),
  };
  await distribute(sender, uids.gift, receiver);
  await sell(sender, uids.sale, receiver, '88', '含户型图与讲解');
  await distribute(sender, uids.withdrawn, receiver);
  await distribute(sender, uids.rejected, receiver);

  // The receiver: four projects wait for an answer.
  await signInTo(page, receiver, '/model/receiptModel');
  await expect(page.locator('h1')).toHaveText('待收货项目');
  await expect(page.getByTestId('transfer-pending-summary')).toHaveAttribute('data-count', '4');
  await expect(page.getByTestId('transfer-row')).toHaveCount(4);
  const gift = rowOf(page, works.gift);
  await expect(gift).toContainText('林发货');
  await expect(gift.getByTestId('transfer-price')).toHaveText('赠送');
  await expect(gift.getByTestId('transfer-status')).toHaveText('待收货');
  await expect(gift.getByTestId('transfer-countdown')).toHaveText(/剩余 [67] 天/);
  const sale = rowOf(page, works.sale);
  await expect(sale.getByTestId('transfer-price')).toHaveText('¥88.00');
  await expect(sale).toContainText('含户型图与讲解');
  await expect(gift.getByTestId('transfer-withdraw')).toHaveCount(0);
  await snap(page, 'transfers-receipt-zh-desktop');

  // View the work, then confirm receipt from the drawer.
  await gift.getByTestId('transfer-view').click();
  const drawer = page.locator('.transfer-drawer .ant-drawer-section');
  await expect(drawer.getByTestId('transfer-work-detail')).toContainText(works.gift);
  await expect(drawer).toContainText('傍晚的海港，十二个点位。');
  await expect(drawer.locator('.transfer-drawer__tags')).toHaveText(/海景\s*夜景/);
  await expect(drawer).toContainText('尚未上传文件');
  // A preview until it is answered: the originals come with the work.
  await expect(drawer.getByTestId('transfer-files-note')).toContainText('原始文件与单反照片将在您确认接收后提供');
  await expect(drawer).toContainText('全景');
  await snap(page, 'transfers-drawer-zh-desktop', { fullPage: false });
  await drawer.getByTestId('transfer-confirm').click();
  await expect(confirmDialog(page)).toContainText('林发货 将此作品免费赠送给您');
  await confirmDialog(page).getByRole('button', { name: '确认收货' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '已收货' })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(rowOf(page, works.gift)).toHaveCount(0);
  await expect(page.getByTestId('transfer-pending-summary')).toHaveAttribute('data-count', '3');

  // The work is now the receiver's.
  const mine = await dataOf<{ list: { uid: string; name: string }[] }>(await receiver.api.get(`/api/fe/client/${receiver.uid}/models`));
  expect(mine.list.map((work) => work.uid)).toContain(uids.gift);

  // A sale the balance cannot pay: the dialog names the price, the balance and what it lacks, and offers the
  // QR code for the rest (paid in the next journey); closed, the sale still waits.
  await sale.getByTestId('transfer-confirm').click();
  const payDialog = page.getByTestId('sale-payment');
  await expect(payDialog.getByTestId('sale-short')).toContainText('余额还差 ¥88.00');
  await expect(payDialog.getByTestId('sale-balance')).toHaveText('¥0.00');
  await expect(payDialog.getByTestId('sale-pay-qr')).toContainText('支付 ¥88.00 并确认收货');
  await snap(page, 'transfers-confirm-sale-zh-desktop', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(payDialog).toBeHidden();
  await expect(sale.getByTestId('transfer-status')).toHaveText('待收货');

  // Reject one.
  await rowOf(page, works.rejected).getByTestId('transfer-reject').click();
  await expect(confirmDialog(page)).toContainText('作品仍归 林发货 所有');
  await confirmDialog(page)
    .getByRole('button', { name: /^拒\s?绝$/ })
    .click();
  await expect(rowOf(page, works.rejected)).toHaveCount(0);
  await expect(page.getByTestId('transfer-pending-summary')).toHaveAttribute('data-count', '2');

  // The sender, in another browser: everything shipped, with the answers so far.
  const senderContext = await browser.newContext();
  const senderPage = await senderContext.newPage();
  await signInTo(senderPage, sender, '/model/sendModel');
  await expect(senderPage.locator('h1')).toHaveText('已发货项目');
  await expect(senderPage.getByTestId('transfer-row')).toHaveCount(4);
  await expect(rowOf(senderPage, works.gift).getByTestId('transfer-status')).toHaveText('已收货');
  await expect(rowOf(senderPage, works.gift)).toContainText('周收货');
  await expect(rowOf(senderPage, works.rejected).getByTestId('transfer-status')).toHaveText('已拒绝');
  await expect(rowOf(senderPage, works.gift).getByTestId('transfer-withdraw')).toHaveCount(0);
  await expect(senderPage.getByTestId('transfer-pending-summary')).toHaveAttribute('data-count', '2');

  // Withdraw one that is still pending.
  const withdrawn = rowOf(senderPage, works.withdrawn);
  await expect(withdrawn.getByTestId('transfer-confirm')).toHaveCount(0);
  await withdrawn.getByTestId('transfer-withdraw').click();
  await expect(confirmDialog(senderPage)).toContainText('撤回后 周收货 将无法再收货');
  await confirmDialog(senderPage)
    .getByRole('button', { name: /^撤\s?回$/ })
    .click();
  await expect(withdrawn.getByTestId('transfer-status')).toHaveText('已撤回');
  await expect(senderPage.getByTestId('transfer-pending-summary')).toHaveAttribute('data-count', '1');
  await snap(senderPage, 'transfers-sent-zh-desktop');

  // The sender filters to the received ones; the filter stays in the address.
  await senderPage.getByRole('tab', { name: '已收货' }).click();
  await expect(senderPage).toHaveURL('/model/sendModel?status=confirmed');
  await expect(senderPage.getByTestId('transfer-row')).toHaveCount(1);

  // The new owner rewrites the description; the sender still sees the work as it was sent.
  await dataOf(await receiver.api.patch(`/api/model/${uids.gift}/attr`, { form: { description: '新主人的私密简介' } }));
  await rowOf(senderPage, works.gift).getByTestId('transfer-view').click();
  const sentDrawer = senderPage.locator('.transfer-drawer');
  await expect(sentDrawer.getByTestId('transfer-as-sent')).toContainText('它现在属于 周收货');
  await expect(sentDrawer.getByTestId('transfer-work-detail')).toContainText('傍晚的海港，十二个点位。');
  await expect(sentDrawer).not.toContainText('新主人的私密简介');
  await snap(senderPage, 'transfers-sent-drawer-zh-desktop', { fullPage: false });
  await senderContext.close();

  // Back on the receiver's side, only the sale is left to answer; "all" shows every answer.
  await page.reload();
  await expect(page.getByTestId('transfer-row')).toHaveCount(1);
  await page.getByRole('tab', { name: '全部' }).click();
  await expect(page.getByTestId('transfer-row')).toHaveCount(4);
  await expect(rowOf(page, works.withdrawn).getByTestId('transfer-status')).toHaveText('已撤回');
  await expect(rowOf(page, works.withdrawn).getByTestId('transfer-confirm')).toHaveCount(0);
  await snap(page, 'transfers-receipt-all-zh-desktop');

  // The receiver has shipped nothing: the empty state names the real menu and actions, and leads there.
  await page.goto('/model/sendModel');
  await expect(page.getByTestId('transfer-list-empty')).toContainText('可在“我的全景模型管理”中打开作品的 ⋯ 菜单，选择“分发”或“定向出售”');
  await snap(page, 'transfers-sent-empty-zh-desktop', { fullPage: false });
  await page.getByTestId('transfer-list-go-to-works').click();
  await expect(page).toHaveURL('/dashboard/dashboard');
});

test('on a phone the lists are cards and the drawer fills the screen (English)', async ({ browser, playwright, request }, info) => {
  const sender = await makeAccount(playwright.request, request, info, 'Ada Sender');
  const receiver = await makeAccount(playwright.request, request, info, 'Ben Receiver');
  const workUid = await createWork(sender, 'Harbour at dusk');
  await sell(sender, await createWork(sender, 'Loft showroom'), receiver, '1234.5', 'Includes the floor plan');
  await distribute(sender, workUid, receiver);

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The list fails at first: the page says so and offers to try again.
  const listUrl = /\/api\/transfers\/received\?.*pageSize=10/;
  await page.route(listUrl, (route) => route.fulfill({ status: 503, json: { code: 503, msg: 'Service busy, try later', data: null } }));
  await signInTo(page, receiver, '/model/receiptModel');
  await expect(page.locator('h1')).toHaveText('Projects awaiting receipt');
  await expect(page.getByTestId('transfer-list-error')).toContainText('The list could not be loaded');
  await expect(page.getByTestId('transfer-list-error')).toContainText('Service busy, try later');
  // The client's toast says it once; the pending badge's own request does not add another.
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Service busy' })).toHaveCount(1);
  await snap(page, 'transfers-error-en-mobile');
  await page.unroute(listUrl);
  await page.getByTestId('transfer-list-error').getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.transfer-cards')).toBeVisible();
  await expect(page.locator('.transfer-table')).toHaveCount(0);
  const gift = rowOf(page, 'Harbour at dusk');
  await expect(gift.getByTestId('transfer-price')).toHaveText('Free');
  await expect(gift.getByTestId('transfer-countdown')).toHaveText(/[67] days left/);
  await expect(rowOf(page, 'Loft showroom').getByTestId('transfer-price')).toHaveText('¥1,234.50');
  await snap(page, 'transfers-receipt-en-mobile');

  await gift.getByTestId('transfer-view').click();
  const drawer = page.locator('.transfer-drawer .ant-drawer-section');
  await expect(drawer.getByTestId('transfer-work-detail')).toContainText('Harbour at dusk');
  // Once it has slid in, the drawer covers the whole phone screen.
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box ? [Math.round(box.x), Math.round(box.width)] : null;
    })
    .toEqual([0, 390]);
  await snap(page, 'transfers-drawer-en-mobile', { fullPage: false });
  await drawer.getByTestId('transfer-confirm').click();
  await expect(confirmDialog(page)).toContainText('Ada Sender gives you this work for free');
  await confirmDialog(page).getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Received' })).toBeVisible();
  await expect(rowOf(page, 'Harbour at dusk')).toHaveCount(0);

  // The same list on a desktop screen, in English.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto('/model/receiptModel?status=all');
  await expect(page.locator('.transfer-table')).toBeVisible();
  await expect(page.getByTestId('transfer-row')).toHaveCount(2);
  await expect(rowOf(page, 'Harbour at dusk').getByTestId('transfer-status')).toHaveText('Received');
  await snap(page, 'transfers-receipt-all-en-desktop');

  // The receiver has shipped nothing: the empty state says where hand-overs start.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/model/sendModel');
  await expect(page.getByTestId('transfer-list-empty')).toContainText(
    'In My panoramas and models, open the ⋯ menu of a work and choose Distribute or Targeted sale',
  );
  await expect(page.getByTestId('transfer-list-go-to-works')).toHaveText('Open My panoramas and models');
  await snap(page, 'transfers-sent-empty-en-mobile');
  await context.close();
});

test('a receiver whose balance is short pays the rest by the test QR code, and the sale is confirmed (English)', async ({
  browser,
  playwright,
  request,
}, info) => {
  const sender = await makeAccount(playwright.request, request, info, 'Cleo Seller');
  const receiver = await makeAccount(playwright.request, request, info, 'Dan Buyer');
  // ¥160.00 on the receiver's balance: six months of flow, paid at the sandbox's test checkout.
  const recharge = await dataOf<{ orderNo: string; codeUrl: string }>(
    await receiver.api.post('/api/c/flowRecharge/nativePayNow', {
      data: { months: 6, fee: 16_000 },
      headers: { 'Idempotency-Key': `sale-qr-${Date.now()}` },
    }),
  );
  const rechargeSign = new URL(recharge.codeUrl, 'http://site').searchParams.get('sign')!;
  await dataOf(await request.post(`/api/payments/sandbox/checkout/${recharge.orderNo}/pay?sign=${rechargeSign}`));
  await sell(sender, await createWork(sender, 'Penthouse tour'), receiver, '200', 'With the floor plan');

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signInTo(page, receiver, '/model/receiptModel');
  const sale = rowOf(page, 'Penthouse tour');
  await sale.getByTestId('transfer-confirm').click();
  const dialog = page.getByTestId('sale-payment');
  await expect(dialog.getByTestId('sale-balance')).toHaveText('¥160.00');
  await expect(dialog.getByTestId('sale-short')).toContainText('Your balance is ¥40.00 short');
  await snap(page, 'transfers-sale-short-en-desktop', { fullPage: false });
  await dialog.getByTestId('sale-pay-qr').click();

  // The QR code for the missing ¥40.00; the test checkout is paid as a phone would (e2e/recharge.spec.ts).
  const checkout = dialog.getByTestId('sale-checkout');
  await expect(checkout).toContainText('¥40.00');
  await expect(checkout).toContainText('The rest of the price of “Penthouse tour”');
  await expect(dialog.getByTestId('sale-qr')).toBeVisible();
  await snap(page, 'transfers-sale-qr-en-desktop', { fullPage: false });
  const checkoutUrl = (await dialog.getByTestId('sale-open-checkout').getAttribute('href'))!;
  const orderNo = /sandboxPay\/(R\w+)\?/.exec(checkoutUrl)![1]!;
  const sign = new URL(checkoutUrl).searchParams.get('sign')!;
  await dataOf(await page.request.post(`/api/payments/sandbox/checkout/${orderNo}/pay?sign=${sign}`));
  await expect(dialog.getByTestId('sale-paid')).toContainText('The sale is confirmed');
  await snap(page, 'transfers-sale-paid-en-desktop', { fullPage: false });
  await dialog.getByTestId('sale-paid-done').click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, 'Penthouse tour')).toHaveCount(0);
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(rowOf(page, 'Penthouse tour').getByTestId('transfer-status')).toHaveText('Received');
  await snap(page, 'transfers-sale-confirmed-en-desktop');

  // The whole price left the balance (¥160.00 + ¥40.00), and the work is the receiver's.
  const sent = await dataOf<{ list: { work: { name: string }; status: string }[] }>(
    await sender.api.get('/api/transfers/sent?status=confirmed'),
  );
  expect(sent.list.map((row) => row.work.name)).toEqual(['Penthouse tour']);
  const options = await dataOf<{ balanceFen: number }>(await receiver.api.get('/api/c/flowRecharge/plans'));
  expect(options.balanceFen).toBe(0);
  await context.close();
});
