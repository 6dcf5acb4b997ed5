import { expect, type APIRequestContext } from '@playwright/test';
import { signedInAccount } from './support/accounts';
import { dataOf } from './support/api';
import { inBothLanguages, signedInPage, signInAt } from './support/back-office';
import { snap, users } from './support/session';

/**
 * Refunds (docs/refunds.md): a customer's ¥30 recharge is paid (set up through the API); an admin finds it
 * in the back office's recharge orders, refunds half through the dialog (amount in yuan, a reason, a
 * confirmation); the customer's wallet shows ¥15 and their traffic orders say "partly refunded".
 */

const WORDS = {
  zh: { refund: '退款', confirm: '确认退款', partly: '部分退款', refunded: '已退 ¥15.00', balance: '¥15.00' },
  en: { refund: 'Refund', confirm: 'Refund', partly: 'Partly refunded', refunded: '¥15.00 refunded', balance: '¥15.00' },
} as const;

/** One month of flow (¥30) paid at the sandbox's test checkout; answers the order number. */
async function paidRecharge(api: APIRequestContext, request: APIRequestContext): Promise<string> {
  const order = await dataOf<{ id: number; orderNo: string; codeUrl: string }>(
    await api.post('/api/c/flowRecharge/nativePayNow', {
      data: { months: 1, fee: 3000 },
      headers: { 'Idempotency-Key': `refund-${Date.now()}` },
    }),
  );
  const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign');
  await dataOf(await request.post(`/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}`));
  return order.orderNo;
}

inBothLanguages(
  'an admin refunds half a recharge and the person’s wallet and orders show it',
  async ({ browser, page, request, playwright }, info, language) => {
    const words = WORDS[language];
    const customer = await signedInAccount(request, playwright.request, {
      network: 7,
      password: 'Refund#2026',
      baseURL: info.project.use.baseURL,
    });
    const orderNo = await paidRecharge(customer.api, request);

    await signInAt(page, users.admin, '/admin/rechargeOrders');
    await page.getByTestId('recharge-orders-search').locator('input').fill(orderNo);
    await page.getByTestId('recharge-orders-search').locator('input').press('Enter');
    const row = page.getByTestId('recharge-order-row').filter({ hasText: orderNo });
    await expect(row).toHaveCount(1);
    await row.getByTestId('recharge-order-refund').click();
    const amount = page.getByTestId('refund-amount');
    await expect(amount).toHaveValue('30.00');
    await amount.fill('15');
    await page.getByTestId('refund-reason').fill(language === 'zh' ? '客户申请退一半' : 'The customer asked for half back');
    await snap(page, `refunds-dialog-${language}`);
    await page.getByTestId('refund-submit').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('¥15.00');
    await snap(page, `refunds-confirm-${language}`);
    await confirm.getByRole('button', { name: words.confirm }).click();
    await expect(row.getByTestId('recharge-order-status')).toContainText(words.partly);
    await expect(row).toContainText(words.refunded);
    await snap(page, `refunds-admin-${language}`);

    const person = await signedInPage(browser, info, language, customer, '/wallet/index');
    await expect(person.getByTestId('wallet-balance')).toContainText(words.balance);
    await person.goto('/order/consume/flow');
    const order = person.getByTestId('order-row').filter({ hasText: orderNo });
    await expect(order.getByTestId('order-status')).toHaveText(words.partly);
    await expect(order.getByTestId('order-refunded')).toHaveText(words.refunded);
    await snap(person, `refunds-orders-${language}`);
    await person.context().close();
  },
);
