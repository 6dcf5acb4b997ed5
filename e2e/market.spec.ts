import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInAs, type SignedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { signedInPage } from './support/back-office';
import { fundedBuyer } from './support/market';
import { upload } from './support/processing';
import { fillLogin, snap, users } from './support/session';
import { gradientPng } from './support/works';
import { fitsThePhone } from './support/phone';

/*
 * The market (issue 27, docs/market.md), in Chinese: the seeded seller's reviewed work is listed at ¥50.00 with a
 * copy licence (through the API); an admin approves the listing in the back office; a visitor finds it on /market
 * by a Chinese word, opens /marketDetails, presses Buy, signs in at the prompt and comes back; their balance
 * (¥30.00, one month of flow recharged) is short, so the confirmation says the balance pays ¥30.00 and a QR
 * code the other ¥20.00; the sandbox's test checkout is paid and the purchase completes; the bought work is on
 * the console's bought works page, whose copy opens in the buyer's works. A few English strings are checked
 * once the language is switched. The admin then refunds the purchase (reason, confirmation) and the buyer's
 * page says so. Lean on purpose: the CI is near its time budget.
 */

const PRICE = '50';
const NAME = `江畔客厅 ${Date.now() % 100_000}`;

/** A published panorama of the seller's that passed review, listed on the market; answers the listing's id. */
async function listedWork(seller: SignedInAccount, request: APIRequestContext): Promise<number> {
  const work = await dataOf<{ uid: string }>(
    await seller.api.post('/api/model', { data: { name: NAME, type: 'panorama', description: '临江的明亮客厅，带阳台。' } }),
  );
  const png = gradientPng(64, 32, [40, 110, 170], [230, 190, 80]);
  await upload(seller.api, work.uid, 'uploadCredentials', 'cover.png', png);
  await upload(seller.api, work.uid, 'origin/uploadCredentials', 'origin.png', png);
  await dataOf(await seller.api.put(`/api/model/${work.uid}/onLined`, { form: { onLined: 'true' } }));
  await dataOf(await seller.api.post(`/api/model/${work.uid}/audit`));
  const login = await request.post('/api/client/login', { form: { phoneNumber: users.admin.phone, password: users.admin.password } });
  const token = login.headers()['x-auth-token'] ?? '';
  const admin = { 'auth-token': token, 'x-auth-token': token };
  await dataOf(await request.post(`/api/audit/models/${work.uid}/claim`, { headers: admin }));
  await dataOf(await request.post(`/api/audit/models/${work.uid}/decision`, { headers: admin, data: { passed: true } }));
  const listing = await dataOf<{ id: number; status: string }>(
    await seller.api.put(`/api/model/${work.uid}/market`, { form: { price: PRICE, licence: 'copy' } }),
  );
  expect(listing.status).toBe('pending');
  return listing.id;
}

test('a listed work is approved, found on the market, bought with the balance and a QR code, and opened from the console', async ({
  browser,
  page,
  request,
  playwright,
}, info) => {
  test.slow();
  const baseURL = info.project.use.baseURL;
  // The seeded seller and buyer (scripts/e2e.mjs) start empty; the buyer gets ¥30.00 on their balance.
  const buyer = users.marketBuyers.zh;
  const seller = await signedInAs(request, playwright.request, { ...users.marketSellers.zh, baseURL });
  const [listingId] = await Promise.all([
    listedWork(seller, request),
    fundedBuyer(request, playwright.request, { buyer, language: 'zh', baseURL }),
  ]);
  await seller.api.dispose();

  // The admin approves the listing in the back office (its own browser, in Chinese).
  const adminPage = await signedInPage(browser, info, 'zh', users.admin, '/admin/marketListings');
  const row = adminPage.getByTestId('market-listing-row').filter({ hasText: NAME });
  await expect(row).toContainText('¥50.00');
  await expect(row).toContainText('复制许可');
  await snap(adminPage, 'market-01-admin-queue');
  await row.getByTestId('market-listing-approve').click();
  await adminPage.getByTestId('market-approve-confirm').click();
  await expect(adminPage.locator('.ant-message-notice')).toContainText(`“${NAME}”已上架市场`);
  await expect(row).toHaveCount(0);

  // A visitor finds it on the market by a Chinese word; the query stays in the address.
  await page.goto('/market');
  await expect(page.locator('h1')).toHaveText('作品市场');
  await page.getByTestId('market-search').locator('input').fill('江畔');
  await page.getByTestId('market-search').locator('input').press('Enter');
  await expect(page).toHaveURL(/\/market\?q=%E6%B1%9F%E7%95%94$/);
  const card = page.getByTestId('market-card').filter({ hasText: NAME });
  await expect(card).toContainText('¥50.00');
  await expect(card).toContainText('复制许可');
  await expect(card).toContainText(users.marketSellers.zh.name);
  await snap(page, 'market-02-search');
  // A reload keeps the search; on a phone the grid is one column and nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card).toBeVisible();
  await fitsThePhone(page);
  await snap(page, 'market-02-search-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.click();

  // The listing's page: the work's viewer area, price, licence explained; Buy asks a visitor to sign in first.
  await expect(page).toHaveURL(`/marketDetails/${listingId}`);
  await expect(page.locator('h1')).toHaveText(NAME);
  await expect(page.getByTestId('market-price')).toHaveText('¥50.00');
  await expect(page.getByTestId('market-licence')).toContainText('副本将放入你的作品中');
  await expect(page.locator('.details-stage')).toBeVisible();
  await snap(page, 'market-03-details-signed-out');
  await page.getByTestId('market-buy').click();
  const prompt = page.locator('.ant-modal-confirm');
  await expect(prompt).toContainText('登录后将回到此作品');
  await prompt.getByRole('button', { name: /登\s?录/ }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2FmarketDetails%2F/);
  await fillLogin(page, buyer);
  await expect(page).toHaveURL(`/marketDetails/${listingId}`);

  // Signed in: the balance (¥30.00) is short of ¥50.00, so it pays ¥30.00 and a QR code the rest.
  await page.getByTestId('market-buy').click();
  const dialog = page.getByTestId('market-buy-dialog');
  await expect(dialog.getByTestId('market-buy-price')).toHaveText('¥50.00');
  await expect(dialog.getByTestId('market-buy-balance')).toHaveText('¥30.00');
  await expect(dialog.getByTestId('market-buy-how')).toContainText('余额支付 ¥30.00，剩余 ¥20.00 扫码支付');
  await snap(page, 'market-04-confirm', { fullPage: false });
  await dialog.getByTestId('market-buy-pay').click();
  await expect(dialog.getByTestId('market-qr')).toBeVisible();
  await expect(dialog.getByTestId('market-checkout')).toContainText('¥20.00');
  await snap(page, 'market-05-qr', { fullPage: false });

  // The phone's part: the sandbox checkout is paid; the dialog learns it and the purchase completes.
  const checkoutUrl = (await dialog.getByTestId('market-open-checkout').getAttribute('href'))!;
  const orderNo = /sandboxPay\/(R\w+)\?/.exec(checkoutUrl)![1]!;
  const sign = new URL(checkoutUrl).searchParams.get('sign')!;
  await dataOf(await request.post(`/api/payments/sandbox/checkout/${orderNo}/pay?sign=${sign}`));
  await expect(dialog.getByTestId('market-bought')).toContainText(`已购买“${NAME}”`);
  await snap(page, 'market-06-bought', { fullPage: false });
  await dialog.getByTestId('market-go-bought').click();

  // The console's bought works: the copy licence, and the copy opens among the buyer's works.
  await expect(page).toHaveURL('/model/bought');
  const bought = page.getByTestId('bought-row').filter({ hasText: NAME });
  await expect(bought.getByTestId('bought-licence')).toHaveText('复制许可');
  await expect(bought.getByTestId('bought-status')).toHaveText('已购买');
  await expect(bought).toContainText('¥50.00');
  await snap(page, 'market-07-console');
  await page.goto(`/marketDetails/${listingId}`);
  await expect(page.getByTestId('market-owned')).toContainText('你已购买该作品');
  await page.goto('/model/bought');
  await bought.getByTestId('bought-open').click();
  // The dashboard opens the copy's drawer from `?edit=` and then drops it from the address: the drawer is what counts.
  await expect(page).toHaveURL(/\/dashboard\/dashboard/);
  await expect(page.locator('.ant-drawer')).toContainText(NAME);

  // The other language, once: the bought works page in English.
  await page.goto('/model/bought');
  await page
    .getByRole('button', { name: /切换语言|Switch language/ })
    .first()
    .click();
  await expect(page.locator('h1')).toHaveText('Bought works');
  await expect(bought.getByTestId('bought-licence')).toHaveText('Copy licence');
  await expect(bought.getByTestId('bought-open')).toHaveText('Open my copy');
  await snap(page, 'market-08-console-en');

  // The admin refunds it from the market's purchases (a reason, then a confirmation naming what the buyer loses).
  await adminPage.goto('/admin/marketPurchases');
  const sale = adminPage.getByTestId('market-purchase-row').filter({ hasText: NAME });
  await expect(sale).toContainText('余额 ¥30.00 + 测试收银台 ¥20.00');
  await sale.getByTestId('market-purchase-refund').click();
  await adminPage.getByTestId('market-refund-reason').fill('买家误购');
  await adminPage.getByTestId('market-refund-submit').click();
  await expect(adminPage.locator('.ant-modal-confirm')).toContainText('副本将被删除');
  await snap(adminPage, 'market-09-refund-confirm', { fullPage: false });
  await adminPage.getByTestId('market-refund-confirm').click();
  await expect(sale.getByTestId('market-purchase-status')).toHaveText('已退款');
  await snap(adminPage, 'market-10-purchases');
  await adminPage.goto('/admin/marketSettings');
  await expect(adminPage.getByTestId('market-fee-example')).toBeVisible();
  await snap(adminPage, 'market-11-settings');
  await adminPage.context().close();

  // The buyer's bought works say so, and open nothing any more.
  await page.reload();
  await expect(bought.getByTestId('bought-status')).toHaveText('Refunded');
  await expect(bought.getByTestId('bought-open')).toHaveCount(0);
  // The orders page lists the market purchase as any other order.
  await page.goto('/order/consume/market');
  const order = page.getByTestId('order-row').filter({ hasText: NAME });
  await expect(order.getByTestId('order-status')).toHaveText('Refunded');
  await expect(order).toContainText(users.marketSellers.zh.name);
  await expect(order.getByTestId('order-refunded')).toHaveText('¥50.00 refunded');
  await snap(page, 'market-12-orders-en');
});
