import { expect } from '@playwright/test';
import { dataOf } from './support/api';
import { inBothLanguages, signInAt } from './support/back-office';
import { trialMemberWithBalance } from './support/membership';
import { snap, users } from './support/session';
import { fitsThePhone } from './support/phone';

/*
 * Paid membership (issue 26, docs/membership.md "Paying"): a trial member of Professional with ¥160.00 on
 * their flow balance opens /userInformation/vip; three months (¥297.00) are more than the balance holds,
 * which the panel says with the amount short; one month (¥99.00) from the balance, confirmed in a dialog
 * that names the end it will have, makes the membership paid until then; three more months are paid by the
 * sandbox's QR code, and the page shows the renewal once paid. Both payments show on the page and on
 * /order/consume/membership, and the bell tells both. Automatic renewal is switched on and off again. The
 * page also fits a phone.
 */

const WORDS = {
  zh: {
    trial: '免费试用',
    paid: '付费',
    renewTitle: '续费专业版',
    total1: '¥99.00',
    total3: '¥297.00',
    balance: '流量余额（¥160.00）',
    short: '还差 ¥137.00',
    pay: '支付 ¥99.00',
    confirm: /^从余额支付 ¥99\.00，续费专业版 1 个月？续费后有效期至 (\d{4}-\d{2}-\d{2})。$/,
    confirmButton: /^支\s?付$/,
    renewed: '续费成功：专业版有效期至',
    paymentItem: '专业版 · 1 个月',
    method: '流量余额',
    autoOn: '已开启自动续费',
    autoOff: '已关闭自动续费',
    notices: ['您的会员版本“专业版”已续费 1 个月（¥99.00），有效期至', '您的会员版本“专业版”已续费 3 个月（¥297.00），有效期至'],
    qrFacts: '专业版 3 个月 · 订单号',
    qrPaid: '已支付 ¥297.00',
    qrItem: '专业版 · 3 个月',
    sandbox: '测试收银台',
    ordersSandbox: '测试支付',
    ordersTitle: '消费订单',
    segment: '会员',
  },
  en: {
    trial: 'Free trial',
    paid: 'Paid',
    renewTitle: 'Renew Professional',
    total1: '¥99.00',
    total3: '¥297.00',
    balance: 'Flow balance (¥160.00)',
    short: '¥137.00 short',
    pay: 'Pay ¥99.00',
    confirm: /^Pay ¥99\.00 from your balance for 1 month of Professional\? It will run until (\d{4}-\d{2}-\d{2})\.$/,
    confirmButton: /^Pay$/,
    renewed: 'Renewed: Professional now runs until',
    paymentItem: 'Professional · 1 month',
    method: 'Flow balance',
    autoOn: 'Automatic renewal is on',
    autoOff: 'Automatic renewal is off',
    notices: [
      'Your membership "Professional" was renewed for 1 month (¥99.00); it now runs until',
      'Your membership "Professional" was renewed for 3 months (¥297.00); it now runs until',
    ],
    qrFacts: 'Professional, 3 months · order',
    qrPaid: '¥297.00 received',
    qrItem: 'Professional · 3 months',
    sandbox: 'Test checkout',
    ordersSandbox: 'Test checkout',
    ordersTitle: 'Purchase orders',
    segment: 'Membership',
  },
} as const;

inBothLanguages(
  'a trial member renews a month from the balance, sees the new end and the payment, and switches automatic renewal',
  async ({ page, request, playwright }, info, language) => {
    const words = WORDS[language];
    const user = users.renewers[language];
    await trialMemberWithBalance(request, playwright.request, { user, language, baseURL: info.project.use.baseURL });

    await signInAt(page, user, '/userInformation/vip');
    const card = page.getByTestId('my-membership');
    await expect(card).toHaveAttribute('data-phase', 'active');
    await expect(card.getByTestId('membership-kind')).toHaveText(words.trial);
    const trialEnd = await card.getByTestId('membership-ends').innerText();

    // The renew panel: one month by default, from the balance, which holds enough.
    const panel = page.getByTestId('membership-renew');
    await expect(panel).toContainText(words.renewTitle);
    await expect(panel.getByTestId('renew-total')).toHaveText(words.total1);
    const balance = panel.getByTestId('renew-method-balance');
    const balanceRadio = panel.locator('input[type=radio][value=balance]');
    await expect(balance).toHaveText(words.balance);
    await expect(balanceRadio).toBeChecked();
    await expect(page.getByTestId('membership-payments')).toBeVisible();
    await expect(page.getByTestId('membership-payment')).toHaveCount(0);

    // Three months are more than the balance holds: it is disabled with the amount short, the QR code offered instead.
    await panel.getByTestId('renew-months-3').click();
    await expect(panel.getByTestId('renew-total')).toHaveText(words.total3);
    await expect(balanceRadio).toBeDisabled();
    await expect(panel.getByTestId('renew-short')).toHaveText(words.short);
    await expect(panel.locator('input[type=radio][value=sandbox]')).toBeChecked();
    await expect(panel.getByTestId('renew-recharge')).toHaveAttribute('href', '/recharge/index');
    await snap(page, `membership-renewal-${language}-01-short`);

    // One month from the balance, confirmed.
    await panel.getByTestId('renew-months-1').click();
    await balance.click();
    await expect(balanceRadio).toBeChecked();
    await expect(panel.getByTestId('renew-pay')).toHaveText(words.pay);
    await panel.getByTestId('renew-pay').click();
    const confirm = page.locator('.ant-modal-confirm');
    const confirmText = confirm.locator('.ant-modal-confirm-content');
    await expect(confirmText).toHaveText(words.confirm);
    const newEnd = words.confirm.exec(await confirmText.innerText())![1]!;
    await snap(page, `membership-renewal-${language}-02-confirm`, { fullPage: false });
    await confirm.getByRole('button', { name: words.confirmButton }).click();

    await expect(page.locator('.ant-message-notice').filter({ hasText: words.renewed })).toContainText(newEnd);
    await expect(card.getByTestId('membership-kind')).toHaveText(words.paid);
    await expect(card.getByTestId('membership-ends')).toContainText(newEnd);
    await expect(card.getByTestId('membership-ends')).not.toHaveText(trialEnd);
    await expect(balance).toContainText('¥61.00');
    const payment = page.getByTestId('membership-payment');
    await expect(payment).toHaveCount(1);
    await expect(payment).toContainText(words.paymentItem);
    await expect(payment).toContainText('¥99.00');
    await expect(payment).toContainText(words.method);
    await snap(page, `membership-renewal-${language}-03-renewed`);

    // Three months by the QR code, as the balance no longer covers them: the test checkout is paid (the phone's
    // part, e2e/recharge.spec.ts), and the page learns it and shows the membership renewed by the server.
    await panel.getByTestId('renew-months-3').click();
    await expect(panel.locator('input[type=radio][value=sandbox]')).toBeChecked();
    await panel.getByTestId('renew-pay').click();
    await expect(page.getByTestId('renew-checkout')).toContainText(words.qrFacts);
    await expect(page.getByTestId('renew-qr')).toBeVisible();
    await snap(page, `membership-renewal-${language}-04-qr`, { fullPage: false });
    const checkoutUrl = (await page.getByTestId('renew-open-checkout').getAttribute('href'))!;
    const orderNo = /sandboxPay\/(R\w+)\?/.exec(checkoutUrl)![1]!;
    const sign = new URL(checkoutUrl).searchParams.get('sign')!;
    await dataOf(await page.request.post(`/api/payments/sandbox/checkout/${orderNo}/pay?sign=${sign}`));
    await expect(page.getByTestId('renew-paid')).toContainText(words.qrPaid);
    await page.getByTestId('renew-done').click();
    await expect(payment).toHaveCount(2);
    await expect(payment.first()).toContainText(words.qrItem);
    await expect(payment.first()).toContainText(words.sandbox);
    await expect(card.getByTestId('membership-ends')).not.toContainText(newEnd);

    // The bell tells both renewals, in the reader's language.
    await page.getByTestId('notification-bell').click();
    const entries = page.getByTestId('notification-panel').getByTestId('notification-entry');
    for (const notice of words.notices) await expect(entries.filter({ hasText: notice })).toHaveCount(1);
    await page.keyboard.press('Escape');

    // Automatic renewal: on, kept across a reload, then off again.
    const auto = panel.getByTestId('renew-auto');
    await expect(auto).toHaveAttribute('aria-checked', 'false');
    await auto.click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: words.autoOn })).toBeVisible();
    await expect(auto).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(page.getByTestId('renew-auto')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('renew-auto').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: words.autoOff })).toBeVisible();
    await expect(page.getByTestId('renew-auto')).toHaveAttribute('aria-checked', 'false');

    // On a phone: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('membership-renew')).toBeVisible();
    await fitsThePhone(page);
    await snap(page, `membership-renewal-${language}-05-phone`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // All membership payments: the orders page's Membership segment.
    await page.getByTestId('membership-payments-all').click();
    await expect(page).toHaveURL('/order/consume/membership');
    await expect(page.locator('h1')).toHaveText(words.ordersTitle);
    await expect(page.getByTestId('order-types').locator('.ant-segmented-item-selected')).toHaveText(words.segment);
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(words.qrItem);
    await expect(rows.first()).toContainText('¥297.00');
    await expect(rows.first()).toContainText(words.ordersSandbox);
    await expect(rows.nth(1)).toContainText(words.paymentItem);
    await expect(rows.nth(1)).toContainText('¥99.00');
    await expect(rows.nth(1)).toContainText(words.method);
    await snap(page, `membership-renewal-${language}-06-orders`);
  },
);
