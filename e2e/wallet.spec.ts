import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { inBothLanguages, signInAt, signedInPage } from './support/back-office';
import { DEMO_PANORAMAS, processOrigins } from './support/processing';
import { snap, users } from './support/session';

/**
 * Traffic billing and the wallet (issue 15, docs/billing.md): an admin sets the prices in the back
 * office; a photographer publishes a tour and recharges through the sandbox; a visitor views the tour;
 * the day is billed (the development call the daily job's code answers, since a journey cannot wait for
 * midnight); the wallet shows the requests, the traffic and what they cost, in the chart too; the
 * photographer buys a month of lease time from what is left.
 */

// One after the other: each bills today, and a bill is written once per owner and day, so the journey that
// billed first could bill the other's owner before that owner's traffic was all served.
test.describe.configure({ mode: 'default' });

/** High enough that a few dozen tiles cost fen: ¥1,000 per 10,000 requests is 10 fen a request. */
const PRICES = { requestFenPer10k: '1000', gbFen: '1000' } as const;

const WORDS = {
  zh: {
    title: '我的钱包',
    pricesSaved: '价格已保存',
    cost: '费用',
    links: '钱包页面',
    lease: '租赁',
    pay: '支付 ¥30.00',
    bought: '已购买 1 个月',
  },
  en: {
    title: 'My wallet',
    pricesSaved: 'Prices saved',
    cost: 'Cost',
    links: 'Wallet pages',
    lease: 'Lease',
    pay: 'Pay ¥30.00',
    bought: '1 month bought',
  },
} as const;

const yuan = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Three months of flow (¥85) paid at the sandbox's test checkout, as a phone would pay its QR code. */
async function recharge(api: APIRequestContext, request: APIRequestContext): Promise<void> {
  const order = await dataOf<{ id: number; orderNo: string; codeUrl: string }>(
    await api.post('/api/c/flowRecharge/nativePayNow', {
      data: { months: 3, fee: 8500 },
      headers: { 'Idempotency-Key': `wallet-${Date.now()}` },
    }),
  );
  const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign');
  await dataOf(await request.post(`/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}`));
  await expect
    .poll(
      async () => (await dataOf<{ status: string }>(await api.get(`/api/c/flowRechargeOrder/${order.id}/nativeUnifiedOrderQuery`))).status,
    )
    .toBe('paid');
}

async function setPrices(page: Page, words: (typeof WORDS)[keyof typeof WORDS]): Promise<void> {
  for (const [field, value] of Object.entries(PRICES)) await page.getByTestId(`price-${field}`).fill(value);
  await page.getByTestId('save-prices').click();
  await expect(page.getByText(words.pricesSaved)).toBeVisible();
}

inBothLanguages(
  'a visitor views a tour, the day is billed, and its owner sees the cost in the wallet',
  async ({ browser, page, request, playwright }, info, language) => {
    const words = WORDS[language];

    const admin = await signedInPage(browser, info, language, users.admin, '/admin/billing');
    await setPrices(admin, words);
    await snap(admin, `wallet-${language}-01-admin-prices`);
    await admin.context().close();

    const owner = await signedInAccount(request, playwright.request, {
      network: 9,
      password: 'Wallet2026',
      baseURL: info.project.use.baseURL,
    });
    const { uid } = await dataOf<{ uid: string }>(
      await owner.api.post('/api/model', {
        data: { name: language === 'zh' ? '计费漫游' : 'Billed tour', type: 'panorama', description: '' },
      }),
    );
    await processOrigins(owner.api, uid, [{ name: 'living-room.jpg', bytes: readFileSync(path.join(DEMO_PANORAMAS, 'living-room.jpg')) }]);
    await dataOf(await owner.api.put(`/api/model/${uid}/onLined`, { form: { onLined: 'true' } }));
    await recharge(owner.api, request);

    // A visitor opens the tour: its tiles are the traffic.
    const visitor = await browser.newContext({ locale: language === 'zh' ? 'zh-CN' : 'en-US' });
    const view = await visitor.newPage();
    await view.goto(`/details/${uid}`);
    await expect(view.locator('.psv-container canvas')).toBeVisible();
    await view.waitForLoadState('networkidle');
    await visitor.close();

    // Today as the server bills it: a business day, in Beijing by default (docs/billing.md "Days").
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const billed = await dataOf<{ bills: number }>(await request.post(`/api/dev/billing/${today}`));
    expect(billed.bills).toBeGreaterThanOrEqual(1);

    await signInAt(page, owner, '/wallet/index');
    await expect(page.locator('h1')).toHaveText(words.title);
    expect(yuan(await page.getByTestId('wallet-requests').textContent())).toBeGreaterThan(0);
    const balance = yuan(await page.getByTestId('wallet-balance').textContent());
    expect(balance).toBeLessThan(85);
    expect(balance).toBeGreaterThan(30);
    // The chart's cost for today is what left the balance.
    await page.getByTestId('wallet-measure').getByText(words.cost).click();
    const todayRow = page.locator('.daily-chart table tr', { has: page.locator(`th:text-is("${today}")`) });
    await expect(todayRow).toContainText(`¥${(85 - balance).toFixed(2)}`);
    await expect(page.getByRole('link', { name: language === 'zh' ? '计费漫游' : 'Billed tour' })).toBeVisible();
    // The same chart for the one work, its cost estimated at today's prices.
    await page.getByTestId('wallet-work').click();
    await page.locator('.ant-select-item-option', { hasText: language === 'zh' ? '计费漫游' : 'Billed tour' }).click();
    await expect(todayRow).toContainText('¥');
    await snap(page, `wallet-${language}-02-wallet`);

    // A month of lease time from what is left.
    await page.getByRole('navigation', { name: words.links }).getByRole('link', { name: words.lease, exact: true }).click();
    await expect(page).toHaveURL('/wallet/lease');
    await page.getByTestId('lease-buy').click();
    // The confirmation opens with an animation: click once it stands, as the review queues do.
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toBeVisible();
    // Waited for by name: a failure then says whether the purchase was asked for and what the server answered.
    const purchase = page.waitForResponse((response) => response.url().endsWith('/purchaseTimeBalance'));
    await confirm.getByRole('button', { name: words.pay }).click();
    expect((await purchase).status()).toBe(200);
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('lease-bought')).toContainText(words.bought);
    await expect(page.getByTestId('lease-balance')).toContainText(`¥${(balance - 30).toFixed(2)}`);
    await expect(page.getByTestId('lease-summary')).toHaveAttribute('data-state', 'running');
    await snap(page, `wallet-${language}-03-lease`);
  },
);
