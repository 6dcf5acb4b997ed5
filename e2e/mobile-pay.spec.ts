import { expect, type APIRequestContext } from '@playwright/test';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { inBothLanguages, type Language } from './support/back-office';
import { upload } from './support/processing';
import { sessionFromApi, snap, users } from './support/session';
import { fitsThePhone, phonePage, PHONES, type Phone } from './support/phone';
import { gradientPng } from './support/works';

/*
 * Paying on a phone (issue 30, docs/mobile-pay.md), with touch, in Chinese at 375x667 and in English at 360x740
 * (each language one of the two phone sizes, rather than every size in both: CI time is short): a market
 * listing is made through the API (a reviewed work listed at ¥12.00 and approved); a signed-out visitor of
 * /space/shop-pay is sent to sign in and back; the signed-in buyer, whose balance is empty, pays it all with the
 * sandbox: the Pay button redirects to the test checkout, paying there comes back to /space/paySuccess, which
 * shows the order paid as our server says. Another person opening that paySuccess finds no such order.
 */

const PHONE: Record<Language, Phone> = { zh: PHONES[0], en: PHONES[1] };
const PASSWORD = 'MobilePay#2026';
const SELLER = { phone: '13800000120', password: PASSWORD };
const BUYERS: Record<Language, { phone: string; password: string }> = {
  zh: { phone: '13800000121', password: PASSWORD },
  en: { phone: '13800000122', password: PASSWORD },
};
const STRANGER = { phone: '13800000123', password: PASSWORD };

/** A reviewed work of the seller's listed at ¥12.00 and approved by the admin; answers the listing's id. */
async function listing(request: APIRequestContext, seller: APIRequestContext, name: string): Promise<number> {
  const work = await dataOf<{ uid: string }>(await seller.post('/api/model', { data: { name, type: 'panorama', description: 'phone' } }));
  const png = gradientPng(64, 32, [30, 120, 160], [240, 200, 90]);
  await upload(seller, work.uid, 'uploadCredentials', 'cover.png', png);
  await upload(seller, work.uid, 'origin/uploadCredentials', 'origin.png', png);
  await dataOf(await seller.put(`/api/model/${work.uid}/onLined`, { form: { onLined: 'true' } }));
  await dataOf(await seller.post(`/api/model/${work.uid}/audit`));
  const login = await request.post('/api/client/login', { form: { phoneNumber: users.admin.phone, password: users.admin.password } });
  const token = login.headers()['x-auth-token'] ?? '';
  const admin = { 'auth-token': token, 'x-auth-token': token };
  await dataOf(await request.post(`/api/audit/models/${work.uid}/claim`, { headers: admin }));
  await dataOf(await request.post(`/api/audit/models/${work.uid}/decision`, { headers: admin, data: { passed: true } }));
  const listed = await dataOf<{ id: number }>(
    await seller.put(`/api/model/${work.uid}/market`, { form: { price: '12', licence: 'view' } }),
  );
  await dataOf(await request.post(`/api/admin/market/listings/${listed.id}/approve`, { headers: admin }));
  return listed.id;
}

inBothLanguages(
  'a buyer with an empty balance pays a shop item on a phone with the sandbox',
  async ({ browser, request, playwright }, info, language) => {
    const baseURL = info.project.use.baseURL;
    const text = (zh: string, en: string) => (language === 'zh' ? zh : en);
    const name = `${text('手机购买', 'Phone buy')} ${Date.now() % 100_000}`;
    const seller = await signedInAs(request, playwright.request, { ...SELLER, baseURL });
    const listingId = await listing(request, seller.api, name);
    await seller.api.dispose();

    const page = await phonePage(browser, baseURL, language, PHONE[language].viewport);
    const shopPay = `/space/shop-pay?listingId=${listingId}&spaceId=1`;
    // Signed out: sign in first, and come back.
    await page.goto(shopPay);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(shopPay)}`);

    await sessionFromApi(page.context(), BUYERS[language]);
    await page.goto(shopPay);
    await expect(page.getByRole('heading', { name: text('支付', 'Pay') })).toBeVisible();
    await expect(page.getByTestId('shop-pay-name')).toHaveText(name);
    await expect(page.getByTestId('shop-pay-price')).toHaveText('¥12.00');
    await expect(page.getByTestId('shop-pay-rest')).toHaveText('¥12.00');
    await expect(page.getByTestId('pay-choice-sandbox-h5')).toContainText(text('测试收银台', 'Test checkout'));
    await fitsThePhone(page);
    const submit = page.getByTestId('shop-pay-submit');
    const box = (await submit.boundingBox())!;
    expect(box.height, 'the Pay button is a thumb target').toBeGreaterThanOrEqual(44);
    await snap(page, `mobile-pay-01-shop-pay-${language}`);

    await submit.tap();
    await expect(page).toHaveURL(/\/mobile\/sandboxPay\/R\w+\?sign=\w+&return=%2Fspace%2FpaySuccess%3ForderNo%3DR\w+$/);
    const orderNo = /sandboxPay\/(R\w+)/.exec(page.url())![1]!;
    await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
    await snap(page, `mobile-pay-02-sandbox-${language}`);
    await page.getByTestId('sandbox-pay').tap();

    await expect(page).toHaveURL(`/space/paySuccess?orderNo=${orderNo}`);
    await expect(page.getByTestId('pay-state-paid')).toBeVisible();
    await expect(page.getByTestId('pay-state-paid')).toContainText(text('支付成功', 'Paid'));
    await expect(page.getByTestId('pay-work')).toHaveText(name);
    await expect(page.getByTestId('pay-view-work')).toBeVisible();
    await fitsThePhone(page);
    await snap(page, `mobile-pay-03-paid-${language}`);
    // Bought now: the shop-pay page says so instead of offering to pay again.
    await page.goto(shopPay);
    await expect(page.getByTestId('shop-pay-bought')).toBeVisible();
    await page.context().close();

    // Another person's order is not theirs to see.
    const stranger = await phonePage(browser, baseURL, language, PHONE[language].viewport, { user: STRANGER });
    await stranger.goto(`/space/paySuccess?orderNo=${orderNo}`);
    await expect(stranger.getByTestId('pay-not-found')).toBeVisible();
    await expect(stranger.getByTestId('pay-not-found')).toContainText(text('订单不存在', 'Order not found'));
    await fitsThePhone(stranger);
    await snap(stranger, `mobile-pay-04-not-found-${language}`);
    await stranger.context().close();
  },
);
