import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MobilePayErrors, type MobilePayAnswer, type MobilePayOrder } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingNotification } from '../../drivers/payments/payment-driver.js';
import { startAlipayStandIn, type AlipayStandIn } from '../../test/alipay-stand-in.js';
import { listedWork } from '../../test/market-fixtures.js';
import { rsaKeyPems } from '../../test/rsa-keys.js';
import { authHeaders, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { startWechatPayStandIn, testWechatMerchant, type WechatPayStandIn } from '../../test/wechat-pay-stand-in.js';
import { person, type Person } from '../../test/works-fixtures.js';

/**
 * Paying on a phone through the real providers' drivers, each against its stand-in (which checks the
 * requests as the provider would): WeChat JSAPI and H5, Alipay wap.pay. The server is configured as an
 * operator configures it; the notifications come in over HTTP.
 */
const PUBLIC_URL = 'https://spatia.example.com';
const OPEN_ID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
let testApp: TestApp;
let wechat: WechatPayStandIn;
let alipay: AlipayStandIn;
let seller: Person;

beforeAll(async () => {
  const keys = mkdtempSync(path.join(os.tmpdir(), 'spatia-mobile-pay-keys-'));
  const keyFile = (name: string, pem: string) => {
    const file = path.join(keys, name);
    writeFileSync(file, pem);
    return file;
  };
  const wechatMerchant = rsaKeyPems();
  const wechatAccount = testWechatMerchant();
  wechat = await startWechatPayStandIn({ ...wechatAccount, merchantPublicKeyPem: wechatMerchant.publicKeyPem });
  const alipayMerchant = rsaKeyPems();
  alipay = await startAlipayStandIn({ appId: '2021000000000003', merchantPublicKeyPem: alipayMerchant.publicKeyPem });
  testApp = await createTestApp({
    PUBLIC_URL,
    PAYMENT_PROVIDERS: 'wechat,alipay',
    PAYOUT_PROVIDERS: 'alipay',
    WECHAT_PAY_APP_ID: wechatAccount.appId,
    WECHAT_PAY_MCH_ID: wechatAccount.mchId,
    WECHAT_PAY_MERCHANT_SERIAL_NO: wechatAccount.merchantSerialNo,
    WECHAT_PAY_API_V3_KEY: wechatAccount.apiV3Key,
    WECHAT_PAY_PRIVATE_KEY_FILE: keyFile('wechat-merchant.pem', wechatMerchant.privateKeyPem),
    WECHAT_PAY_PUBLIC_KEY_ID: wechat.publicKeyId,
    WECHAT_PAY_PUBLIC_KEY_FILE: keyFile('wechat-pay-public.pem', wechat.platformPublicKeys[wechat.publicKeyId]!),
    WECHAT_PAY_ENDPOINT: wechat.endpoint,
    ALIPAY_APP_ID: '2021000000000003',
    ALIPAY_PRIVATE_KEY_FILE: keyFile('alipay-merchant.pem', alipayMerchant.privateKeyPem),
    ALIPAY_PUBLIC_KEY_FILE: keyFile('alipay-public.pem', alipay.alipayPublicKeyPem),
    ALIPAY_GATEWAY: alipay.gateway,
  });
  seller = await person(testApp.app, { name: 'Seller' });
});
afterAll(async () => {
  await testApp.close();
  await wechat.close();
  await alipay.close();
});

async function buy(as: Person, body: Record<string, unknown>): Promise<{ answer: MobilePayAnswer; workUid: string }> {
  const { listing, work } = await listedWork(testApp.app, seller, { price: '9.90' });
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/c/mobilePay/market/${listing.id}`,
    headers: { ...authHeaders(as.token), 'idempotency-key': `k-${Math.random()}` },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { answer: json<{ data: MobilePayAnswer }>(response).data, workUid: work.uid };
}

const orderOf = async (as: Person, orderNo: string) =>
  json<{ data: MobilePayOrder }>(await as.call('GET', `/api/c/mobilePay/orders/${orderNo}`)).data;
const notify = (provider: string, notification: IncomingNotification, contentType: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/payments/${provider}/notify`,
    headers: { ...(notification.headers as Record<string, string>), 'content-type': contentType },
    payload: notification.rawBody,
  });
const returnUrlOf = (orderNo: string) => `${PUBLIC_URL}/space/paySuccess?orderNo=${orderNo}`;

describe('WeChat Pay on a phone', () => {
  it('JSAPI: the parameters WeChat checks, paid inside WeChat, booked once from its notification', async () => {
    const payer = await person(testApp.app);
    const { answer, workUid } = await buy(payer, { provider: 'wechat', flow: 'jsapi', openId: OPEN_ID });
    if (answer.payment?.flow !== 'jsapi') throw new Error(`JSAPI parameters were expected: ${JSON.stringify(answer)}`);
    expect(wechat.orders.get(answer.orderNo)?.request).toMatchObject({ payer: { openid: OPEN_ID }, amount: { total: 990 } });

    wechat.payInWechat({ ...answer.payment.params }, OPEN_ID);
    const notification = wechat.notificationFor(answer.orderNo);
    expect((await notify('wechat', notification, 'application/json')).statusCode).toBe(200);
    expect((await notify('wechat', notification, 'application/json')).statusCode).toBe(200);
    expect(await orderOf(payer, answer.orderNo)).toMatchObject({ state: 'paid', bought: true, purchase: { workUid } });
  });

  it('H5: a redirect to WeChat that comes back to paySuccess; the page learns paid from our query of WeChat', async () => {
    const payer = await person(testApp.app);
    const { answer } = await buy(payer, { provider: 'wechat', flow: 'h5' });
    if (answer.payment?.flow !== 'redirect') throw new Error('a redirect was expected');
    expect(wechat.orders.get(answer.orderNo)?.request).toMatchObject({
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
    expect(await orderOf(payer, answer.orderNo)).toMatchObject({ state: 'pending', bought: false });

    const { redirectUrl } = wechat.payH5(answer.payment.url);
    expect(redirectUrl).toBe(returnUrlOf(answer.orderNo));
    // No notification has arrived: the order is asked at WeChat (the payer's check waits 5 s between asks).
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect(await orderOf(payer, answer.orderNo)).toMatchObject({ state: 'paid', bought: true });
  });

  it('refuses JSAPI without the openId (2772)', async () => {
    const { listing } = await listedWork(testApp.app, seller);
    const payer = await person(testApp.app);
    const response = await payer.call('POST', `/api/c/mobilePay/market/${listing.id}`, { provider: 'wechat', flow: 'jsapi' });
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe(MobilePayErrors.mobilePayOpenIdRequired.code);
    expect(json(await payer.call('POST', `/api/c/mobilePay/market/${listing.id}`, { provider: 'sandbox', flow: 'h5' })).code).toBe(
      MobilePayErrors.mobilePayProviderUnavailable.code,
    );
  });
});

describe('Alipay on a phone', () => {
  it('wap.pay: a signed gateway address Alipay takes, back to paySuccess, booked from its notification', async () => {
    const payer = await person(testApp.app);
    const { answer } = await buy(payer, { provider: 'alipay', flow: 'wap' });
    if (answer.payment?.flow !== 'redirect') throw new Error('a redirect was expected');
    const opened = alipay.openWapPage(answer.payment.url);
    expect(opened.returnUrl).toBe(returnUrlOf(answer.orderNo));
    expect(alipay.calls.at(-1)).toMatchObject({
      method: 'alipay.trade.wap.pay',
      parameters: { notify_url: `${PUBLIC_URL}/api/payments/alipay/notify` },
      bizContent: { out_trade_no: answer.orderNo, total_amount: '9.90', product_code: 'QUICK_WAP_WAY' },
    });
    alipay.pay(answer.orderNo);
    const notification = alipay.notificationFor(answer.orderNo);
    const reply = await notify('alipay', notification, notification.headers['content-type']!);
    expect(reply.body).toBe('success');
    expect(await orderOf(payer, answer.orderNo)).toMatchObject({ state: 'paid', bought: true });
  });

  it("refuses WeChat's flow for Alipay (2771)", async () => {
    const { listing } = await listedWork(testApp.app, seller);
    const payer = await person(testApp.app);
    const response = await payer.call('POST', `/api/c/mobilePay/market/${listing.id}`, { provider: 'alipay', flow: 'h5' });
    expect(response.statusCode).toBe(422);
    expect(json(response).code).toBe(MobilePayErrors.mobilePayFlowUnsupported.code);
  });
});
