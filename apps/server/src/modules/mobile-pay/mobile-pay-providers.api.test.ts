import { MobilePayErrors, type MobilePayAnswer, type MobilePayOrder } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingNotification } from '../../drivers/payments/payment-driver.js';
import { startWechatStandIn } from '../../../../../e2e/support/wechat-stand-in.mjs';
import type { AlipayStandIn } from '../../test/alipay-stand-in.js';
import { startPaymentProviderStandIns, TEST_PUBLIC_URL, type PaymentProviderStandIns } from '../../test/payment-provider-stand-ins.js';
import { listedWork } from '../../test/market-fixtures.js';
import { authHeaders, createTestApp, json, type TestApp } from '../../test/test-app.js';
import type { WechatPayStandIn } from '../../test/wechat-pay-stand-in.js';
import { person, type Person } from '../../test/works-fixtures.js';

/**
 * Paying on a phone through the real providers' drivers, each against its stand-in (which checks the
 * requests as the provider would): WeChat JSAPI (with the payer's openid from the official account's web
 * authorization, against the WeChat OAuth stand-in) and H5, Alipay wap.pay. The server is configured as an
 * operator configures it; the notifications come in over HTTP.
 */
const PUBLIC_URL = TEST_PUBLIC_URL;
const OPEN_ID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const IN_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
let testApp: TestApp;
let providers: PaymentProviderStandIns;
let wechat: WechatPayStandIn;
let wechatOAuth: Awaited<ReturnType<typeof startWechatStandIn>>;
let alipay: AlipayStandIn;
let seller: Person;

beforeAll(async () => {
  providers = await startPaymentProviderStandIns('2021000000000003');
  ({ wechat, alipay } = providers);
  wechatOAuth = await startWechatStandIn(0, { officialAccountAppId: providers.wechatAppId });
  testApp = await createTestApp({ ...providers.env, ...wechatOAuth.officialAccountEnv });
  seller = await person(testApp.app, { name: 'Seller' });
});
afterAll(async () => {
  await testApp.close();
  await providers.close();
  await wechatOAuth.close();
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

const SHOP_PAY = '/space/shop-pay?listingId=7&spaceId=3';
const authorizationOf = (as: Person, returnPath = SHOP_PAY) => as.call('POST', '/api/c/mobilePay/wechat/authorization', { returnPath });
const complete = (as: Person, body: { state: string; code?: string }) =>
  as.call('POST', '/api/c/mobilePay/wechat/authorization/complete', body);

/**
 * The browser's part of the official account's authorization: the pay page asks our server where to go, WeChat
 * (the stand-in, opened inside WeChat) sends it back to the pay page with `code` and `state`. Answers those.
 */
async function throughWechat(as: Person, knobs: Record<string, string> = {}): Promise<{ state: string; code?: string; back: URL }> {
  const started = await authorizationOf(as);
  expect(started.statusCode, started.body).toBe(200);
  const authorize = new URL(json<{ data: { url: string } }>(started).data.url);
  for (const [name, value] of Object.entries(knobs)) authorize.searchParams.set(name, value);
  const atWechat = await fetch(authorize, { redirect: 'manual', headers: { 'user-agent': IN_WECHAT } });
  expect(atWechat.status).toBe(302);
  const back = new URL(atWechat.headers.get('location')!);
  const code = back.searchParams.get('code') ?? undefined;
  return { state: back.searchParams.get('state')!, ...(code ? { code } : {}), back };
}

/** The payer's openid WeChat gave through the authorization, now kept for them on the server. */
async function authorized(as: Person, openid = OPEN_ID): Promise<void> {
  const returned = await throughWechat(as, { openid });
  const done = await complete(as, { state: returned.state, code: returned.code! });
  expect(done.statusCode, done.body).toBe(200);
}

describe('WeChat Pay on a phone', () => {
  it('JSAPI: the parameters WeChat checks, paid inside WeChat, booked once from its notification', async () => {
    const payer = await person(testApp.app);
    await authorized(payer);
    const { answer, workUid } = await buy(payer, { provider: 'wechat', flow: 'jsapi' });
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

  it("refuses JSAPI before WeChat told us the payer's openid, whatever openId the browser sends (2772)", async () => {
    const { listing } = await listedWork(testApp.app, seller);
    const payer = await person(testApp.app);
    for (const body of [
      { provider: 'wechat', flow: 'jsapi' },
      { provider: 'wechat', flow: 'jsapi', openId: 'oForgedByTheBrowser' },
    ]) {
      const response = await payer.call('POST', `/api/c/mobilePay/market/${listing.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(json(response).code).toBe(MobilePayErrors.mobilePayOpenIdRequired.code);
    }
    const forged = [...wechat.orders.values()].filter((order) => JSON.stringify(order.request).includes('oForgedByTheBrowser'));
    expect(forged, 'no order is made at WeChat for an openid the browser sent').toEqual([]);
    expect(json(await payer.call('POST', `/api/c/mobilePay/market/${listing.id}`, { provider: 'sandbox', flow: 'h5' })).code).toBe(
      MobilePayErrors.mobilePayProviderUnavailable.code,
    );
  });
});

describe("The payer's openid: the official account's web authorization (snsapi_base)", () => {
  it('sends the browser to WeChat with a state of its own and comes back to the pay page; the openid is kept for the payer', async () => {
    const payer = await person(testApp.app);
    const payerState = async () =>
      json<{ data: { jsapi: boolean; openIdKnown: boolean } }>(await payer.call('GET', '/api/c/mobilePay/wechat/payer')).data;
    expect(await payerState()).toEqual({ jsapi: true, openIdKnown: false });

    const started = json<{ data: { url: string; expiresAt: number } }>(await authorizationOf(payer, `${SHOP_PAY}&code=old&state=old`)).data;
    expect(started.url.endsWith('#wechat_redirect')).toBe(true);
    const authorize = new URL(started.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(wechatOAuth.officialAccountEnv.WECHAT_MP_AUTHORIZE_URL);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      appid: wechatOAuth.officialAccountEnv.WECHAT_MP_APP_ID,
      redirect_uri: `${PUBLIC_URL}${SHOP_PAY}`,
      response_type: 'code',
      scope: 'snsapi_base',
      state: expect.stringMatching(/^[\w-]{22}$/) as unknown,
    });
    // WeChat opens its authorize page only inside WeChat.
    expect((await fetch(authorize, { redirect: 'manual' })).status).toBe(403);

    const returned = await throughWechat(payer, { openid: 'oSecondComer_1' });
    expect(`${returned.back.origin}${returned.back.pathname}`).toBe(`${PUBLIC_URL}/space/shop-pay`);
    expect(returned.back.searchParams.get('listingId')).toBe('7');
    const done = await complete(payer, { state: returned.state, code: returned.code! });
    expect(json(done).data).toEqual({ jsapi: true, openIdKnown: true });
    expect(await payerState()).toEqual({ jsapi: true, openIdKnown: true });
    const { answer } = await buy(payer, { provider: 'wechat', flow: 'jsapi', openId: 'oForgedByTheBrowser' });
    expect(wechat.orders.get(answer.orderNo)?.request).toMatchObject({ payer: { openid: 'oSecondComer_1' } });
  });

  it('takes a state once, and only from the person it was made for; another person cannot spend it', async () => {
    const payer = await person(testApp.app);
    const other = await person(testApp.app);
    const returned = await throughWechat(payer);
    const stolen = await complete(other, { state: returned.state, code: returned.code! });
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen).code).toBe(MobilePayErrors.mobilePayWechatStateInvalid.code);
    expect(json(await other.call('GET', '/api/c/mobilePay/wechat/payer')).data).toEqual({ jsapi: true, openIdKnown: false });

    expect((await complete(payer, { state: returned.state, code: returned.code! })).statusCode).toBe(200);
    const again = await complete(payer, { state: returned.state, code: returned.code! });
    expect(again.statusCode).toBe(404);
    expect(json(again).code).toBe(MobilePayErrors.mobilePayWechatStateInvalid.code);
    const unknown = await complete(payer, { state: 'not-a-state-we-made', code: returned.code! });
    expect(json(unknown).code).toBe(MobilePayErrors.mobilePayWechatStateInvalid.code);
  });

  it("reports WeChat's refusal of a code used already (40163) under a fresh state, in the payer's language", async () => {
    const payer = await person(testApp.app);
    const first = await throughWechat(payer);
    expect((await complete(payer, { state: first.state, code: first.code! })).statusCode).toBe(200);
    const second = await throughWechat(payer);
    const reused = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/mobilePay/wechat/authorization/complete',
      headers: { ...authHeaders(payer.token), 'accept-language': 'en' },
      payload: { state: second.state, code: first.code },
    });
    expect(reused.statusCode).toBe(502);
    expect(json(reused)).toMatchObject({
      code: MobilePayErrors.mobilePayWechatFailed.code,
      msg: 'WeChat could not confirm who you are (errcode 40163): please try again or pay another way',
    });
    const forged = await throughWechat(payer);
    expect(json(await complete(payer, { state: forged.state, code: 'never-issued' })).msg).toContain('40029');
  });

  it('says so when the person refuses, and keeps nothing', async () => {
    const payer = await person(testApp.app);
    const refused = await throughWechat(payer, { refuse: '1' });
    expect(refused.code).toBeUndefined();
    const response = await complete(payer, { state: refused.state });
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe(MobilePayErrors.mobilePayWechatDeclined.code);
    expect(json(await payer.call('GET', '/api/c/mobilePay/wechat/payer')).data).toEqual({ jsapi: true, openIdKnown: false });
  });

  it('is for signed-in people only, and returns only to the pay page', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/c/mobilePay/wechat/payer', undefined],
      ['POST', '/api/c/mobilePay/wechat/authorization', { returnPath: SHOP_PAY }],
      ['POST', '/api/c/mobilePay/wechat/authorization/complete', { state: 'x', code: 'y' }],
    ] as const) {
      expect((await testApp.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(401);
    }
    const payer = await person(testApp.app);
    for (const returnPath of [
      'https://evil.example/space/shop-pay',
      '//evil.example/space/shop-pay',
      '/wallet/withdraw',
      '/space/shop-pay#x',
    ]) {
      expect((await authorizationOf(payer, returnPath)).statusCode, returnPath).toBe(400);
    }
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
