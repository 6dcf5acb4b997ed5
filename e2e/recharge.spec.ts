import { expect } from '@playwright/test';
import { createAccount, uniquePhone } from './support/accounts';
import { inBothLanguages, signInAt } from './support/back-office';
import { snap } from './support/session';

/**
 * Flow recharge through the sandbox provider (issue 15, docs/payments.md): a new customer picks one month
 * (a count of one: "1 month", never "1 months"), agrees to the recharge agreement and gets a pay QR code;
 * a phone (a second browser, signed out) opens the code's test checkout, in the reader's language only,
 * and pays; the recharge page shows the money without a reload, and the bell tells it.
 */

const WORDS = {
  zh: {
    title: '流量充值',
    balanceZero: '¥0.00',
    agreement: '《充值协议》',
    pay: '支付 ¥30.00',
    orderFacts: '1 个月流量 · 订单号',
    testBanner: '测试收银台',
    purchase: '流量充值 1 个月',
    otherLanguage: /traffic|recharge/i,
    sandboxPay: '支付 ¥30.00（测试）',
    sandboxPaid: '已支付 ¥30.00（测试）',
    received: '已到账 ¥30.00',
    added: '已增加 1 个月流量',
    balanceAfter: '当前流量余额 ¥30.00',
    notice: '您的 1 个月流量充值 ¥30.00 已到账',
  },
  en: {
    title: 'Traffic recharge',
    balanceZero: '¥0.00',
    agreement: 'Recharge agreement',
    pay: 'Pay ¥30.00',
    orderFacts: '1 month of traffic · order',
    testBanner: 'Test checkout',
    purchase: 'Traffic recharge, 1 month',
    otherLanguage: /[\u4e00-\u9fff]/,
    sandboxPay: 'Pay ¥30.00 (test)',
    sandboxPaid: 'Paid ¥30.00 (test)',
    received: '¥30.00 received',
    added: '1 month of traffic was added.',
    balanceAfter: 'Your traffic balance is now ¥30.00',
    notice: 'Your recharge of ¥30.00 (1 month of traffic) was paid',
  },
} as const;

inBothLanguages(
  'a customer recharges one month of traffic, paying the sandbox QR code from a phone',
  async ({ page, browser, request }, info, language) => {
    const words = WORDS[language];
    const user = { phone: uniquePhone(5), password: 'Recharge#2026' };
    await createAccount(request, user.phone, user.password);

    await signInAt(page, user, '/recharge/index');
    await expect(page.locator('h1')).toHaveText(words.title);
    await expect(page.getByTestId('recharge-balance')).toContainText(words.balanceZero);
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('data-unread', '0');

    // One month, and the recharge agreement (named as its page is) agreed to before the pay button opens.
    await page.getByTestId('recharge-plan-1').click();
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
    await expect(paid).toContainText(words.balanceAfter);
    await expect(bell).toHaveAttribute('data-unread', '1');
    await snap(page, `recharge-${language}-05-paid`, { fullPage: false });
    await bell.click();
    await expect(page.getByTestId('notification-panel').getByTestId('notification-entry').first()).toContainText(words.notice);
    await page.keyboard.press('Escape');

    // Back to the plans: the balance is the money paid.
    await page.getByTestId('recharge-again').click();
    await expect(page.getByTestId('recharge-balance')).toContainText('¥30.00');
  },
);
