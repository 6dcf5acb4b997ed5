import { createPrivateKey, randomBytes } from 'node:crypto';
import { rsaKeyPems } from '../../test/rsa-keys.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startWechatPayStandIn,
  testWechatMerchant,
  withTamperedBody,
  type AnswerSigning,
  type StandInOrder,
  type WechatPayStandIn,
  type WechatTradeState,
} from '../../test/wechat-pay-stand-in.js';
import {
  PaymentNotificationRefused,
  PaymentProviderError,
  type IncomingNotification,
  type MobilePaymentRequest,
  type NativePaymentRequest,
} from './payment-driver.js';
import { toBeijingTime, WechatPayDriver, wechatPayAuthorization, type WechatPayConfig } from './wechat-pay.js';

const merchantKeys = rsaKeyPems();
const merchant = testWechatMerchant();
let standIn: WechatPayStandIn;

beforeAll(async () => {
  standIn = await startWechatPayStandIn({ ...merchant, merchantPublicKeyPem: merchantKeys.publicKeyPem });
});
afterAll(async () => {
  await standIn.close();
});
afterEach(() => {
  standIn.answerSigning = 'publicKeyId';
});

const configFor = (changes: Partial<WechatPayConfig> = {}): WechatPayConfig => ({
  ...merchant,
  merchantPrivateKeyPem: merchantKeys.privateKeyPem,
  platformPublicKeys: standIn.platformPublicKeys,
  notifyUrl: 'https://spatia.example.com/api/payments/wechat/notify',
  endpoint: standIn.endpoint,
  ...changes,
});
const driverFor = (changes: Partial<WechatPayConfig> = {}, now?: () => number) => new WechatPayDriver(configFor(changes), now);

/** What the driver should read from an order the stand-in took payment for. */
const paidState = (orderNo: string, order: StandInOrder, amountFen = 1990) => ({
  orderNo,
  state: 'paid',
  transactionId: order.transactionId,
  amountFen,
  paidAt: new Date(order.successTime ?? 'missing'),
});

let orderCount = 0;
const nextOrderNo = () => `SP${Date.now()}${String((orderCount += 1)).padStart(4, '0')}`;
const checkout = (orderNo: string, changes: Partial<NativePaymentRequest> = {}): NativePaymentRequest => ({
  orderNo,
  amountFen: 1990,
  description: 'Spatia 会员 · 年度',
  expiresAt: new Date(Date.now() + 15 * 60_000),
  ...changes,
});

async function paidOrder(amountFen = 1990): Promise<string> {
  const orderNo = nextOrderNo();
  await driverFor().createNativePayment(checkout(orderNo, { amountFen }));
  standIn.pay(orderNo);
  return orderNo;
}

describe('WeChat Pay driver: orders', () => {
  it('creates a Native order the stand-in accepts, which reads unpaid and then paid', async () => {
    const driver = driverFor();
    const orderNo = nextOrderNo();
    const expiresAt = new Date('2031-05-20T05:29:35.000Z');

    const { codeUrl } = await driver.createNativePayment(checkout(orderNo, { expiresAt }));

    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(standIn.orders.get(orderNo)?.request).toEqual({
      appid: merchant.appId,
      mchid: merchant.mchId,
      description: 'Spatia 会员 · 年度',
      out_trade_no: orderNo,
      time_expire: '2031-05-20T13:29:35+08:00',
      notify_url: 'https://spatia.example.com/api/payments/wechat/notify',
      amount: { total: 1990, currency: 'CNY' },
    });
    expect(await driver.queryPayment(orderNo)).toEqual({ orderNo, state: 'unpaid' });

    const paid = standIn.pay(orderNo);
    expect(await driver.queryPayment(orderNo)).toEqual(paidState(orderNo, paid));
  });

  it('asking again for an unpaid order gives the same code; other terms for the same order number are refused', async () => {
    const driver = driverFor();
    const orderNo = nextOrderNo();
    const request = checkout(orderNo);
    const first = await driver.createNativePayment(request);
    expect(await driver.createNativePayment(request)).toEqual(first);
    await expect(driver.createNativePayment({ ...request, amountFen: 2990 })).rejects.toThrow(/403 OUT_TRADE_NO_USED/);
  });

  it('reads an order WeChat never saw as unpaid', async () => {
    expect(await driverFor().queryPayment('SPneverSeen0001')).toEqual({ orderNo: 'SPneverSeen0001', state: 'unpaid' });
  });

  it('closes an unpaid order: it reads closed, cannot be paid or ordered again, and closing again succeeds', async () => {
    const driver = driverFor();
    const orderNo = nextOrderNo();
    await driver.createNativePayment(checkout(orderNo));

    await driver.closePayment(orderNo);

    expect(await driver.queryPayment(orderNo)).toEqual({ orderNo, state: 'closed' });
    expect(() => standIn.pay(orderNo)).toThrow(/cannot be paid/);
    await expect(driver.createNativePayment(checkout(orderNo))).rejects.toThrow(/ORDER_CLOSED/);
    await expect(driver.closePayment(orderNo)).resolves.toBeUndefined();
  });

  it.each<[WechatTradeState, 'paid' | 'unpaid' | 'closed']>([
    ['REFUND', 'paid'],
    ['USERPAYING', 'unpaid'],
    ['REVOKED', 'closed'],
    ['PAYERROR', 'closed'],
  ])('reads trade_state %s as %s', async (tradeState, expected) => {
    const orderNo = tradeState === 'REFUND' ? await paidOrder() : nextOrderNo();
    if (tradeState !== 'REFUND') await driverFor().createNativePayment(checkout(orderNo));
    standIn.orders.get(orderNo)!.tradeState = tradeState;
    expect(await driverFor().queryPayment(orderNo)).toMatchObject({ orderNo, state: expected });
  });

  it("surfaces WeChat's refusals as PaymentProviderError with its status, code and message", async () => {
    const paid = await paidOrder();
    const closing = driverFor().closePayment(paid);
    await expect(closing).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(closing).rejects.toThrow(/close of .*: HTTP 400 ORDERPAID: 订单已支付/);

    const strangerKey = rsaKeyPems().privateKeyPem;
    await expect(driverFor({ merchantPrivateKeyPem: strangerKey }).queryPayment(paid)).rejects.toThrow(/HTTP 401 SIGN_ERROR: 签名错误/);
    await expect(driverFor({ appId: 'wx0000000000000000' }).createNativePayment(checkout(nextOrderNo()))).rejects.toThrow(
      /HTTP 400 APPID_MCHID_NOT_MATCH/,
    );
    await expect(driverFor({ endpoint: 'http://127.0.0.1:9' }).queryPayment(paid)).rejects.toThrow(PaymentProviderError);
  });

  it('checks an order before sending it', async () => {
    const driver = driverFor();
    await expect(driver.createNativePayment(checkout(nextOrderNo(), { description: '空'.repeat(43) }))).rejects.toThrow(/127 bytes/);
    await expect(driver.queryPayment('../../v3/refund')).rejects.toThrow(RangeError);
  });

  it('takes answers signed with a platform certificate key as well as the WeChat Pay public key', async () => {
    const orderNo = await paidOrder();
    standIn.answerSigning = 'certificate';
    expect(await driverFor().queryPayment(orderNo)).toMatchObject({ state: 'paid' });
    const onlyPublicKeyId = { [standIn.publicKeyId]: standIn.platformPublicKeys[standIn.publicKeyId]! };
    await expect(driverFor({ platformPublicKeys: onlyPublicKeyId }).queryPayment(orderNo)).rejects.toThrow(/unknown key/);
  });

  it.each<[AnswerSigning, RegExp]>([
    ['unsigned', /answer refused: the Wechatpay-.* headers are missing/],
    ['foreignKey', /answer refused: the signature does not check out/],
    ['unknownSerial', /answer refused: Wechatpay-Serial PUB_KEY_ID_0+ is an unknown key/],
    ['staleTimestamp', /answer refused: Wechatpay-Timestamp \d+ is more than 300 s from now/],
  ])('refuses an API answer that is %s', async (answerSigning, reason) => {
    const orderNo = await paidOrder();
    standIn.answerSigning = answerSigning;
    const query = driverFor().queryPayment(orderNo);
    await expect(query).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(query).rejects.toThrow(reason);
    await expect(driverFor().closePayment(nextOrderNo())).rejects.toThrow(reason);
  });

  it('signs requests by its own clock, which WeChat holds to the same window', async () => {
    const orderNo = await paidOrder();
    await expect(driverFor({}, () => Date.now() - 301_000).queryPayment(orderNo)).rejects.toThrow(/401 SIGN_ERROR: 请求时间戳已过期/);
  });
});

describe('WeChat Pay driver: mobile payments (JSAPI inside WeChat, H5 elsewhere)', () => {
  const openId = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
  const mobile = (orderNo: string, changes: Partial<MobilePaymentRequest> = {}): MobilePaymentRequest => ({
    ...checkout(orderNo),
    flow: 'jsapi',
    openId,
    returnUrl: 'https://spatia.example.com/space/paySuccess?orderNo=' + orderNo,
    clientIp: '203.0.113.9',
    ...changes,
  });

  it('makes a JSAPI order for the payer and signs the parameters WeChat checks before it pays', async () => {
    const driver = driverFor();
    const orderNo = nextOrderNo();
    const payment = await driver.createMobilePayment(mobile(orderNo));

    expect(standIn.orders.get(orderNo)).toMatchObject({
      tradeType: 'JSAPI',
      request: { appid: merchant.appId, mchid: merchant.mchId, out_trade_no: orderNo, payer: { openid: openId } },
    });
    if (payment.flow !== 'jsapi') throw new Error('a JSAPI payment was expected');
    expect(payment.params).toMatchObject({
      appId: merchant.appId,
      signType: 'RSA',
      package: `prepay_id=${standIn.orders.get(orderNo)!.prepayId}`,
    });
    expect(payment.params.timeStamp).toMatch(/^\d{10}$/);

    // A changed parameter, another payer: WeChat refuses to pay.
    expect(() => standIn.payInWechat({ ...payment.params, nonceStr: 'x'.repeat(32) }, openId)).toThrow(/paySign/);
    expect(() => standIn.payInWechat({ ...payment.params }, 'oSomeoneElse')).toThrow(/another payer/);
    expect(await driver.queryPayment(orderNo)).toEqual({ orderNo, state: 'unpaid' });

    const paid = standIn.payInWechat({ ...payment.params }, openId);
    expect(await driver.queryPayment(orderNo)).toEqual(paidState(orderNo, paid));
    expect(await driver.verifyNotification(standIn.notificationFor(orderNo))).toMatchObject({ orderNo, state: 'paid' });
  });

  it("signs with the merchant's key only: parameters signed by another key do not pay", async () => {
    const stranger = driverFor({ merchantPrivateKeyPem: rsaKeyPems().privateKeyPem });
    // The stand-in refuses the order itself (the request's signature), before any parameters exist.
    await expect(stranger.createMobilePayment(mobile(nextOrderNo()))).rejects.toThrow(/401 SIGN_ERROR/);
  });

  it('makes an H5 order with the payer address and sends the browser to h5_url, which comes back to the return address', async () => {
    const driver = driverFor();
    const orderNo = nextOrderNo();
    const returnUrl = `https://spatia.example.com/space/paySuccess?orderNo=${orderNo}&x=a b`;
    const payment = await driver.createMobilePayment(mobile(orderNo, { flow: 'h5', openId: undefined, returnUrl }));

    const order = standIn.orders.get(orderNo)!;
    expect(order).toMatchObject({
      tradeType: 'MWEB',
      request: {
        scene_info: { payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } },
        notify_url: expect.stringMatching(/^https:/) as unknown,
      },
    });
    expect(payment).toEqual({ flow: 'redirect', url: `${order.h5Url}&redirect_url=${encodeURIComponent(returnUrl)}` });
    if (payment.flow !== 'redirect') throw new Error('a redirect was expected');
    const { redirectUrl } = standIn.payH5(payment.url);
    expect(redirectUrl).toBe(returnUrl);
    expect(await driver.queryPayment(orderNo)).toMatchObject({ orderNo, state: 'paid', amountFen: 1990 });
  });

  it('asking again for the same mobile order gives the same prepay_id; another flow for the same order number is refused', async () => {
    const driver = driverFor();
    const orderNo = nextOrderNo();
    const first = await driver.createMobilePayment(mobile(orderNo));
    const second = await driver.createMobilePayment(mobile(orderNo));
    if (first.flow !== 'jsapi' || second.flow !== 'jsapi') throw new Error('JSAPI payments were expected');
    expect(second.params.package).toBe(first.params.package);
    await expect(driver.createMobilePayment(mobile(orderNo, { flow: 'h5' }))).rejects.toThrow(/403 OUT_TRADE_NO_USED/);
  });

  it.each<[string, Partial<MobilePaymentRequest>, RegExp]>([
    ['a JSAPI payment without the openid', { openId: undefined }, /openid/],
    ["Alipay's flow", { flow: 'wap' }, /does not take the wap flow/],
  ])('refuses %s before calling WeChat', async (_case, changes, reason) => {
    await expect(driverFor().createMobilePayment(mobile(nextOrderNo(), changes))).rejects.toThrow(reason);
  });

  it.each<[string, Partial<MobilePaymentRequest>]>([
    ['an openid WeChat cannot have issued', { openId: 'not an openid!' }],
    ['an H5 order without a payer address', { flow: 'h5', clientIp: 'unknown' }],
  ])('the stand-in refuses %s as WeChat does', async (_case, changes) => {
    await expect(driverFor().createMobilePayment(mobile(nextOrderNo(), changes))).rejects.toThrow(/400 PARAM_ERROR/);
  });
});

describe('the stand-in checks what WeChat checks', () => {
  const merchantPrivateKey = createPrivateKey(merchantKeys.privateKeyPem);
  const validOrder = () => ({
    appid: merchant.appId,
    mchid: merchant.mchId,
    description: 'Spatia',
    out_trade_no: nextOrderNo(),
    notify_url: 'https://spatia.example.com/notify',
    amount: { total: 1, currency: 'CNY' },
  });

  async function post(order: Record<string, unknown>, signedBody = JSON.stringify(order)) {
    const path = '/v3/pay/transactions/native';
    const authorization = wechatPayAuthorization({
      mchId: merchant.mchId,
      merchantSerialNo: merchant.merchantSerialNo,
      merchantPrivateKey,
      method: 'POST',
      pathWithQuery: path,
      body: signedBody,
      timestamp: Math.floor(Date.now() / 1000),
      nonce: randomBytes(16).toString('hex'),
    });
    const response = await fetch(`${standIn.endpoint}${path}`, {
      method: 'POST',
      headers: { Authorization: authorization, Accept: 'application/json', 'User-Agent': 'test', 'Content-Type': 'application/json' },
      body: JSON.stringify(order),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('accepts a well-formed order', async () => {
    expect(await post(validOrder())).toMatchObject({ status: 200, body: { code_url: expect.stringMatching(/^weixin:/) as unknown } });
  });

  it.each<[string, (order: ReturnType<typeof validOrder>) => Record<string, unknown>, string]>([
    ['a 128-byte description', (order) => ({ ...order, description: 'x'.repeat(128) }), 'PARAM_ERROR'],
    ['a zero amount', (order) => ({ ...order, amount: { total: 0, currency: 'CNY' } }), 'PARAM_ERROR'],
    ['a short out_trade_no', (order) => ({ ...order, out_trade_no: 'ab12' }), 'PARAM_ERROR'],
    ['an out_trade_no with a slash', (order) => ({ ...order, out_trade_no: 'SP/123456' }), 'PARAM_ERROR'],
    ['another mchid', (order) => ({ ...order, mchid: '1900000000' }), 'PARAM_ERROR'],
    ['a notify_url with a query', (order) => ({ ...order, notify_url: 'https://spatia.example.com/notify?x=1' }), 'PARAM_ERROR'],
    ['a time_expire that is not RFC 3339', (order) => ({ ...order, time_expire: '2031-05-20 13:29:35' }), 'PARAM_ERROR'],
  ])('refuses %s', async (_case, change, code) => {
    expect(await post(change(validOrder()))).toMatchObject({ status: 400, body: { code } });
  });

  it('refuses a body other than the one signed', async () => {
    const order = validOrder();
    expect(await post(order, JSON.stringify({ ...order, amount: { total: 2, currency: 'CNY' } }))).toMatchObject({
      status: 401,
      body: { code: 'SIGN_ERROR' },
    });
  });
});

describe('WeChat Pay driver: notifications', () => {
  it('verifies and reads a payment notification signed with the WeChat Pay public key (PUB_KEY_ID)', async () => {
    const orderNo = await paidOrder(2990);
    const notification = standIn.notificationFor(orderNo);
    expect(notification.headers['wechatpay-serial']).toBe(standIn.publicKeyId);
    expect(standIn.publicKeyId).toMatch(/^PUB_KEY_ID_/);
    const order = standIn.orders.get(orderNo)!;

    expect(await driverFor().verifyNotification(notification)).toEqual(paidState(orderNo, order, 2990));
  });

  it('verifies one signed with a platform certificate key', async () => {
    const orderNo = await paidOrder();
    const notification = standIn.notificationFor(orderNo, { signWith: 'certificate' });
    expect(notification.headers['wechatpay-serial']).toBe(standIn.certificateSerial);
    expect(await driverFor().verifyNotification(notification)).toMatchObject({ orderNo, state: 'paid' });
  });

  it("passes the notified amount on as it is: whether it is the order's is the payments module's check", async () => {
    const orderNo = await paidOrder(1990);
    const notification = standIn.notificationFor(orderNo, {
      transaction: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } },
    });
    expect(await driverFor().verifyNotification(notification)).toMatchObject({ orderNo, state: 'paid', amountFen: 1 });
  });

  it('reads a notification of another trade state as the query would', async () => {
    const orderNo = await paidOrder();
    const notification = standIn.notificationFor(orderNo, { eventType: 'TRANSACTION.CLOSED', transaction: { trade_state: 'CLOSED' } });
    expect(await driverFor().verifyNotification(notification)).toEqual({ orderNo, state: 'closed' });
  });

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const cases: [string, (orderNo: string) => IncomingNotification, RegExp][] = [
    [
      'a body changed after signing',
      (orderNo) => withTamperedBody(standIn.notificationFor(orderNo), (body) => body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.REFUND')),
      /signature does not check out/,
    ],
    [
      'an unknown serial',
      (orderNo) => standIn.notificationFor(orderNo, { serial: 'PUB_KEY_ID_0119000091912025010100000000' }),
      /unknown key/,
    ],
    [
      'a serial naming the other key than the signing one',
      (orderNo) => standIn.notificationFor(orderNo, { signWith: 'certificate', serial: standIn.publicKeyId }),
      /signature does not check out/,
    ],
    [
      'a signature made with another key',
      (orderNo) => standIn.notificationFor(orderNo, { signature: randomBytes(256).toString('base64') }),
      /signature does not check out/,
    ],
    [
      "WeChat's signature probe",
      (orderNo) => standIn.notificationFor(orderNo, { signature: `WECHATPAY/SIGNTEST/${randomBytes(240).toString('base64')}` }),
      /signature does not check out/,
    ],
    [
      'no signature headers',
      (orderNo) => {
        const { rawBody, headers } = standIn.notificationFor(orderNo);
        return { rawBody, headers: { ...headers, 'wechatpay-signature': undefined } };
      },
      /headers are missing/,
    ],
    ['a timestamp 301 s old', (orderNo) => standIn.notificationFor(orderNo, { timestamp: nowSeconds() - 301 }), /Wechatpay-Timestamp/],
    ['a timestamp 301 s ahead', (orderNo) => standIn.notificationFor(orderNo, { timestamp: nowSeconds() + 301 }), /Wechatpay-Timestamp/],
    ['another mchid', (orderNo) => standIn.notificationFor(orderNo, { transaction: { mchid: '1900000000' } }), /mchid "1900000000"/],
    ['another appid', (orderNo) => standIn.notificationFor(orderNo, { transaction: { appid: 'wx0000000000000000' } }), /appid/],
    ['a body that is not JSON', (orderNo) => standIn.notificationFor(orderNo, { rawBody: 'trade_state=SUCCESS' }), /not a JSON object/],
    ['another algorithm', (orderNo) => standIn.notificationFor(orderNo, { algorithm: 'AEAD_AES_128_GCM' }), /algorithm/],
    [
      'a resource encrypted with another APIv3 key',
      (orderNo) => standIn.notificationFor(orderNo, { apiV3Key: randomBytes(16).toString('hex') }),
      /does not decrypt/,
    ],
    [
      'an unknown trade state',
      (orderNo) => standIn.notificationFor(orderNo, { transaction: { trade_state: 'PAID_MAYBE' } }),
      /unknown trade_state/,
    ],
  ];

  it.each(cases)('refuses %s', async (_case, build, reason) => {
    const notification = build(await paidOrder());
    const verifying = driverFor().verifyNotification(notification);
    await expect(verifying).rejects.toBeInstanceOf(PaymentNotificationRefused);
    await expect(verifying).rejects.toThrow(reason);
  });

  it("keeps a 300 s window either side of the driver's clock", async () => {
    const orderNo = await paidOrder();
    const notification = standIn.notificationFor(orderNo);
    const signedAt = Number(notification.headers['wechatpay-timestamp']) * 1000;
    const atOffset = (seconds: number) => driverFor({}, () => signedAt + seconds * 1000).verifyNotification(notification);

    await expect(atOffset(299)).resolves.toMatchObject({ state: 'paid' });
    await expect(atOffset(-299)).resolves.toMatchObject({ state: 'paid' });
    await expect(atOffset(301)).rejects.toThrow(/more than 300 s from now/);
    await expect(atOffset(-301)).rejects.toThrow(/more than 300 s from now/);
  });

  it('answers WeChat as it expects: 200 without a body, or 500 with FAIL and the reason', () => {
    const driver = driverFor();
    expect(driver.acknowledge()).toEqual({ statusCode: 200, contentType: 'application/json', body: '' });
    const refusal = driver.refuse('amount does not match');
    expect(refusal).toMatchObject({ statusCode: 500, contentType: 'application/json' });
    expect(JSON.parse(refusal.body)).toEqual({ code: 'FAIL', message: 'amount does not match' });
  });
});

describe('WeChat Pay driver: configuration', () => {
  it('wants a 32-character APIv3 key and at least one platform key', () => {
    expect(() => driverFor({ apiV3Key: 'short' })).toThrow(/32 ASCII/);
    expect(() => driverFor({ platformPublicKeys: {} })).toThrow(/platform public key/);
  });

  it('writes times as WeChat does, in Beijing time', () => {
    expect(toBeijingTime(new Date('2015-05-20T05:29:35.900Z'))).toBe('2015-05-20T13:29:35+08:00');
    expect(toBeijingTime(new Date('2024-12-31T16:00:00.000Z'))).toBe('2025-01-01T00:00:00+08:00');
  });
});
