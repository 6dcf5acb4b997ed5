import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { signedInAccount, type SignedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { inBothLanguages, signInAt, signedInPage, type Language } from './support/back-office';
import { snap } from './support/session';

/**
 * Orders and income (issue 15, docs/orders.md): a customer recharges a month of traffic with the
 * sandbox and starts a second recharge left unpaid; the traffic orders page lists both with their
 * totals, filters the paid one, and exports it as CSV. A seller sells the customer a work; the sale
 * shows in the seller's sales orders and in their income, with its bar on the chart.
 */

const WORDS = {
  zh: {
    flowTitle: '消费订单',
    totalsBoth: '共 2 笔订单 · 已完成 1 笔 · 已支付 ¥30.00',
    totalsPaid: '共 1 笔订单 · 已完成 1 笔 · 已支付 ¥30.00',
    paid: '已支付',
    unpaid: '待支付',
    completed: '已完成',
    flowItem: '流量余额（1 个月套餐）',
    csvHeader: '订单号,商品,交易对方,金额（元）,状态,下单时间（UTC）,完成时间（UTC）',
    csvItem: '流量余额充值（1 个月套餐）',
    csvProvider: '测试支付（沙箱）',
    csvPaid: '已支付',
    salesTitle: '收入订单',
    saleTotals: '共 1 笔订单 · 已完成 1 笔 · 已收入 ¥12.50',
    source: '定向销售',
    workName: '湖畔样板间',
    marketTab: '市场',
    clearFilters: '清除筛选',
    marketEmpty: '暂无市场购买订单',
  },
  en: {
    flowTitle: 'Purchase orders',
    totalsBoth: '2 orders · 1 completed · ¥30.00 paid',
    totalsPaid: '1 order · 1 completed · ¥30.00 paid',
    paid: 'Paid',
    unpaid: 'Awaiting payment',
    completed: 'Completed',
    flowItem: 'Traffic balance, 1-month plan',
    csvHeader: 'Order no.,Item,Counterpart,Amount (CNY),Status,Placed at (UTC),Completed at (UTC)',
    // Quoted: the cell holds a comma.
    csvItem: '"Traffic balance recharge, 1-month plan"',
    csvProvider: 'Test payment (sandbox)',
    csvPaid: 'Paid',
    salesTitle: 'Sales orders',
    saleTotals: '1 order · 1 completed · ¥12.50 received',
    source: 'Targeted sales',
    workName: 'Lakeside show flat',
    marketTab: 'Market',
    clearFilters: 'Clear filters',
    marketEmpty: 'No market purchases yet',
  },
} as const;

const rows = (page: Page) => page.getByTestId('order-row');

/** One month of traffic through the recharge page, paid on the sandbox's test checkout; answers the order number. */
async function rechargeOneMonth(page: Page): Promise<string> {
  await page.getByTestId('recharge-plan-1').click();
  await page.getByTestId('recharge-agree').check();
  await page.getByTestId('recharge-pay').click();
  const checkoutUrl = (await page.getByTestId('recharge-open-checkout').getAttribute('href'))!;
  const orderNo = /sandboxPay\/(R\w+)\?/.exec(checkoutUrl)![1]!;
  const sign = new URL(checkoutUrl, 'http://site').searchParams.get('sign')!;
  // The phone's part of the sandbox journey (e2e/recharge.spec.ts): its pay button's call.
  await dataOf(await page.request.post(`/api/payments/sandbox/checkout/${orderNo}/pay?sign=${sign}`));
  await expect(page.getByTestId('recharge-paid')).toBeVisible();
  return orderNo;
}

async function namedAccount(account: SignedInAccount, name: string): Promise<SignedInAccount> {
  await dataOf(await account.api.patch(`/api/client/${account.uid}/info`, { form: { fullName: name } }));
  return account;
}

inBothLanguages(
  'a customer finds, filters and exports their traffic orders; a seller sees a sale and its income',
  async (fixtures, info, language: Language) => {
    const { page, browser, request, playwright } = fixtures;
    const words = WORDS[language];
    const baseURL = info.project.use.baseURL;
    const buyer = await namedAccount(
      await signedInAccount(request, playwright.request, { network: 8, password: 'Orders#2026', baseURL }),
      'Buyer',
    );
    const seller = await namedAccount(
      await signedInAccount(request, playwright.request, { network: 8, password: 'Orders#2026', baseURL }),
      'Seller',
    );

    // The buyer pays a month, and starts three months they leave unpaid.
    await signInAt(page, buyer, '/recharge/index');
    const paidOrderNo = await rechargeOneMonth(page);
    const unpaid = await dataOf<{ orderNo: string }>(
      await buyer.api.post('/api/c/flowRecharge/nativePayNow', {
        data: { months: 3, fee: 8500 },
        headers: { 'Idempotency-Key': `e2e-${Date.now()}` },
      }),
    );

    // The traffic orders: both, newest first, and the totals of both.
    await page.goto('/order/consume/flow');
    await expect(page.locator('h1')).toHaveText(words.flowTitle);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toContainText(unpaid.orderNo);
    await expect(rows(page).first()).toContainText(words.unpaid);
    await expect(rows(page).nth(1)).toContainText(paidOrderNo);
    await expect(rows(page).nth(1)).toContainText(words.flowItem);
    await expect(rows(page).nth(1)).toContainText('¥30.00');
    await expect(page.getByTestId('order-totals')).toHaveText(words.totalsBoth);
    await snap(page, `orders-${language}-01-flow`);

    // Only the completed ones; the filter stays in the address.
    await page.getByTestId('order-status-filter').click();
    await page.locator('.ant-select-item-option').filter({ hasText: words.completed }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(words.paid);
    await expect(page.getByTestId('order-totals')).toHaveText(words.totalsPaid);
    await snap(page, `orders-${language}-02-flow-completed`);

    // The export holds what the filters match, in the page's language.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('order-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('orders-consume-flow-all.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(words.csvHeader);
    const paidLine = [paidOrderNo, words.csvItem, words.csvProvider, '30.00', words.csvPaid, ''].join(',');
    expect(lines[1]?.slice(0, paidLine.length)).toBe(paidLine);
    expect(lines.slice(2)).toEqual(['']);

    // The market orders have no orders yet: the page says what will appear there, and offers no export.
    await page.getByTestId('order-types').getByText(words.marketTab).click();
    await expect(page).toHaveURL(/\/order\/consume\/market\?status=completed$/);
    await page.getByRole('button', { name: words.clearFilters }).click();
    await expect(page.getByTestId('order-empty')).toContainText(words.marketEmpty);
    await expect(page.getByTestId('order-export')).toBeDisabled();
    await snap(page, `orders-${language}-03-market-empty`);

    // A seller sells the buyer a work at ¥12.50; the buyer confirms and pays from the recharge.
    const work = await dataOf<{ uid: string }>(await seller.api.post('/api/model', { data: { name: words.workName, type: 'panorama' } }));
    const sale = await dataOf<{ id: number }>(
      await seller.api.post(`/api/model/${work.uid}/sellTo`, { form: { phoneOrCode: buyer.phone, sellingPrice: '12.5', remark: '' } }),
    );
    await dataOf(await buyer.api.post(`/api/transfers/${sale.id}/confirm`));

    const sellerPage = await signedInPage(browser, info, language, seller, '/order/income/orientation');
    await expect(sellerPage.locator('h1')).toHaveText(words.salesTitle);
    await expect(rows(sellerPage)).toHaveCount(1);
    await expect(rows(sellerPage).first()).toContainText(words.workName);
    await expect(rows(sellerPage).first()).toContainText('Buyer');
    await expect(rows(sellerPage).first()).toContainText('¥12.50');
    await expect(rows(sellerPage).first()).toContainText(words.completed);
    await expect(sellerPage.getByTestId('order-totals')).toHaveText(words.saleTotals);
    await snap(sellerPage, `orders-${language}-04-sales`);

    // Their income: the total, what can be withdrawn, today's bar, the source and the record.
    await sellerPage.goto('/recode/income');
    await expect(sellerPage.getByTestId('income-total')).toContainText('¥12.50');
    await expect(sellerPage.getByTestId('income-withdrawable')).toContainText('¥12.50');
    await expect(sellerPage.locator('.daily-chart__bar')).toHaveCount(30);
    await expect(sellerPage.getByTestId('daily-chart-empty')).toHaveCount(0);
    const tallest = await sellerPage.locator('.daily-chart__bar').last().getAttribute('height');
    expect(Number(tallest)).toBeGreaterThan(0);
    await expect(sellerPage.getByTestId('income-sources')).toContainText(words.source);
    await expect(sellerPage.getByTestId('income-records').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(sellerPage.getByTestId('income-records')).toContainText(words.workName);
    await snap(sellerPage, `orders-${language}-05-income`);

    // On a phone's width nothing spills out of the page.
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    await sellerPage.reload();
    await expect(sellerPage.getByTestId('income-total')).toContainText('¥12.50');
    const overflow = await sellerPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(sellerPage, `orders-${language}-06-income-phone`);
    await sellerPage.goto('/order/income/orientation');
    await expect(rows(sellerPage)).toHaveCount(1);
    expect(
      await sellerPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await snap(sellerPage, `orders-${language}-07-sales-phone`);
    await sellerPage.context().close();
  },
);
