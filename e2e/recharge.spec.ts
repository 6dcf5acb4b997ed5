import { expect } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { inBothLanguages, signInAt } from './support/back-office';
import { snap } from './support/session';

/**
 * Flow recharge through the sandbox provider (issue 15, docs/payments.md): a new customer picks the
 * 3-month plan, agrees to the recharge agreement and gets a pay QR code; a phone (a second browser, signed
 * out) opens the code's test checkout, in the reader's language only, and pays; the recharge page shows
 * the money without a reload, and the bell tells it. What arrived is said as what it is, money on the
 * balance, and it buys exactly the plan's 3 months of lease at the plan's ¥85 (issue 26, docs/billing.md
 * "What a recharge buys"), not 3 × ¥30.
 */

const WORDS = {
  zh: {
    title: '流量充值',
    balanceZero: '¥0.00',
    agreement: '《充值协议》',
    pay: '支付 ¥85.00',
    orderFacts: '3 个月套餐，充入流量余额 · 订单号',
    testBanner: '测试收银台',
    purchase: '流量余额充值（3 个月套餐）',
    otherLanguage: /traffic|recharge/i,
    sandboxPay: '支付 ¥85.00（测试）',
    sandboxPaid: '已支付 ¥85.00（测试）',
    received: '已到账 ¥85.00',
    added: '已充入流量余额，当前余额 ¥85.00',
    buysLease: '也可以用 ¥85.00 购买 3 个月租赁时长',
    notice: '您的流量充值 ¥85.00（3 个月套餐）已到账流量余额',
    leasePay: '支付 ¥85.00',
    leaseBought: '已购买 3 个月',
  },
  en: {
    title: 'Traffic recharge',
    balanceZero: '¥0.00',
    agreement: 'Recharge agreement',
    pay: 'Pay ¥85.00',
    orderFacts: '3-month plan, to your traffic balance · order',
    testBanner: 'Test checkout',
    purchase: 'Traffic balance recharge, 3-month plan',
    otherLanguage: /[\u4e00-\u9fff]/,
    sandboxPay: 'Pay ¥85.00 (test)',
    sandboxPaid: 'Paid ¥85.00 (test)',
    received: '¥85.00 received',
    added: 'It is on your traffic balance, now ¥85.00.',
    buysLease: 'or buys 3 months of lease time for ¥85.00',
    notice: 'Your recharge of ¥85.00 (3-month plan) was paid and is on your traffic balance',
    leasePay: 'Pay ¥85.00',
    leaseBought: '3 months bought',
  },
} as const;

inBothLanguages(
  'a customer recharges the 3-month plan, paying the sandbox QR code from a phone, and buys its 3 months of lease at the plan’s price',
  async ({ page, browser, request }, info, language) => {
    const words = WORDS[language];
    const user = { phone: uniquePhone(5), password: 'Recharge#2026' };
    await createAccount(request, user.phone, user.password);

    await signInAt(page, user, '/recharge/index');
    await expect(page.locator('h1')).toHaveText(words.title);
    await expect(page.getByTestId('recharge-balance')).toContainText(words.balanceZero);
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('data-unread', '0');

    // Three months, and the recharge agreement (named as its page is) agreed to before the pay button opens.
    await page.getByTestId('recharge-plan-3').click();
    const pay = page.getByTestId('recharge-pay');
    await expect(pay).toBeDisabled();
    await expect(page.locator('.recharge__pay a[href="/rechargeProtocol"]')).toHaveText(words.agreement);
    await page.getByTestId('recharge-agree').check();
    await expect(pay).toBeEnabled();
    await expect(pay).toHaveText(words.pay);
    await snap(page, `recharge-${language}-01-plans`);
    await pay.click();

    const checkout = page.getByTestId('recharge-checkout');
    await expect(checkout).toBeVisible();
    await expect(page.getByTestId('recharge-qr')).toBeVisible();
    await expect(page.getByTestId('recharge-waiting')).toBeVisible();
    await expect(checkout).toContainText(words.orderFacts);
    await snap(page, `recharge-${language}-02-qr`, { fullPage: false });

    // The QR code's address, opened on a phone that is not signed in.
    const checkoutUrl = await page.getByTestId('recharge-open-checkout').getAttribute('href');
    expect(checkoutUrl).toMatch(/\/mobile\/sandboxPay\/R\d{14}[0-9a-f]{8}\?sign=[0-9a-f]{32}$/);
    const phone = await browser.newContext({
      locale: language === 'zh' ? 'zh-CN' : 'en-US',
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto(checkoutUrl!);
    const testCheckout = mobile.getByTestId('sandbox-checkout');
    await expect(testCheckout).toContainText(words.testBanner);
    await expect(mobile.getByTestId('sandbox-purchase')).toHaveText(words.purchase);
    await expect(testCheckout).not.toContainText(words.otherLanguage);
    await expect(mobile.getByTestId('sandbox-pay')).toHaveText(words.sandboxPay);
    await snap(mobile, `recharge-${language}-03-test-checkout`);
    await mobile.getByTestId('sandbox-pay').click();
    await expect(mobile.getByTestId('sandbox-paid')).toContainText(words.sandboxPaid);
    await snap(mobile, `recharge-${language}-04-test-paid`);
    await phone.close();

    // The recharge page learns it by itself, and so does the bell.
    const paid = page.getByTestId('recharge-paid');
    await expect(paid).toContainText(words.received);
    await expect(paid).toContainText(words.added);
    await expect(paid).toContainText(words.buysLease);
    await expect(bell).toHaveAttribute('data-unread', '1');
    await snap(page, `recharge-${language}-05-paid`, { fullPage: false });
    await bell.click();
    await expect(page.getByTestId('notification-panel').getByTestId('notification-entry').first()).toContainText(words.notice);
    await page.keyboard.press('Escape');

    // What arrived buys exactly the plan's months of lease, at the plan's fee.
    await paid.getByTestId('recharge-buy-lease').click();
    await expect(page).toHaveURL('/wallet/lease?months=3');
    await expect(page.getByTestId('lease-price')).toContainText('¥85.00');
    await page.getByTestId('lease-buy').click();
    // The confirmation opens with an animation: click once it stands.
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: words.leasePay }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('lease-bought')).toContainText(words.leaseBought);
    await expect(page.getByTestId('lease-balance')).toContainText('¥0.00');
    await expect(page.getByTestId('lease-summary')).toHaveAttribute('data-state', 'running');
    await snap(page, `recharge-${language}-06-lease`);
  },
);
