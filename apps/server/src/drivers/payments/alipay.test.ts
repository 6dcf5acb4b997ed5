import { fenToYuan, parseYuanToFen } from '@spatia/contract';
import { generateKeyPairSync } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlipayStandIn, type AlipayStandIn, type NotificationChanges, type StandInTrade } from '../../test/alipay-stand-in.js';
import { AlipayDriver, type AlipayConfig } from './alipay.js';
import { PaymentNotificationRefused, PaymentProviderError, type MobilePaymentRequest } from './payment-driver.js';

const appId = '2021000000000001';
const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchantPrivateKeyPem = merchantKeys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

let alipay: AlipayStandIn;
let config: AlipayConfig;
let driver: AlipayDriver;

beforeAll(async () => {
  alipay = await startAlipayStandIn({
    appId,
    merchantPublicKeyPem: merchantKeys.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  });
  config = {
    appId,
    privateKeyPem: merchantPrivateKeyPem,
    alipayPublicKeyPem: alipay.alipayPublicKeyPem,
    notifyUrl: 'https://spatia.example/api/payments/alipay/notify',
    gateway: alipay.gateway,
  };
  driver = new AlipayDriver(config);
});
afterAll(() => alipay.close());

let orderCount = 0;
const newOrderNo = () => `ALI${Date.now()}_${++orderCount}`;
const inOneHour = () => new Date(Date.now() + 60 * 60 * 1000);
const wholeSeconds = (moment: Date) => new Date(Math.floor(moment.getTime() / 1000) * 1000);
/** What the driver should read from a trade the stand-in took 19.90 for (Alipay's times are whole seconds). */
const paidState = (orderNo: string, trade: StandInTrade) => ({
  orderNo,
  state: 'paid',
  transactionId: trade.tradeNo,
  amountFen: 1990,
  paidAt: wholeSeconds(trade.paidAt!),
});

async function unpaidOrder(amountFen = 1990, description = 'Spatia 会员'): Promise<string> {
  const orderNo = newOrderNo();
  await driver.createNativePayment({ orderNo, amountFen, description, expiresAt: inOneHour() });
  return orderNo;
}

async function paidOrder(amountFen = 1990, description = 'Spatia 会员'): Promise<string> {
  const orderNo = await unpaidOrder(amountFen, description);
  alipay.pay(orderNo);
  return orderNo;
}

describe('Alipay driver: precreate, query, close', () => {
  it('creates a QR checkout (amount in yuan, expiry in Beijing time, notify_url) and reads the payment once paid', async () => {
    const orderNo = newOrderNo();
    const checkout = await driver.createNativePayment({
      orderNo,
      amountFen: 1990,
      description: '全景漫游 VR 会员',
      expiresAt: new Date('2099-01-02T03:04:05.678Z'),
    });

    expect(checkout.codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\/\w+$/);
    expect(alipay.calls.at(-1)).toMatchObject({
      method: 'alipay.trade.precreate',
      parameters: { app_id: appId, sign_type: 'RSA2', notify_url: config.notifyUrl },
      bizContent: { out_trade_no: orderNo, total_amount: '19.90', subject: '全景漫游 VR 会员', time_expire: '2099-01-02 11:04:05' },
    });
    expect(await driver.queryPayment(orderNo)).toEqual({ orderNo, state: 'unpaid' });

    const trade = alipay.pay(orderNo);
    expect(await driver.queryPayment(orderNo)).toEqual(paidState(orderNo, trade));
  });

  it("stamps requests in Beijing time whatever the host's time zone", async () => {
    const hostZone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(new Date(0).getTimezoneOffset()).toBe(480);
      await unpaidOrder();
    } finally {
      if (hostZone === undefined) delete process.env.TZ;
      else process.env.TZ = hostZone;
    }
    const stamp = alipay.calls.at(-1)?.parameters.timestamp ?? '';
    expect(Math.abs(Date.parse(`${stamp.replace(' ', 'T')}+08:00`) - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    [1, '0.01'],
    [1990, '19.90'],
    [123456789, '1234567.89'],
  ])('turns %i fen into %s yuan and back exactly', async (amountFen, yuan) => {
    expect(fenToYuan(amountFen)).toBe(yuan);
    expect(parseYuanToFen(yuan)).toBe(amountFen);

    const orderNo = await paidOrder(amountFen);
    expect(alipay.calls.find((call) => call.bizContent.out_trade_no === orderNo)?.bizContent.total_amount).toBe(yuan);
    expect(await driver.queryPayment(orderNo)).toMatchObject({ state: 'paid', amountFen });
    expect(await driver.verifyNotification(alipay.notificationFor(orderNo))).toMatchObject({ state: 'paid', amountFen });
  });

  it('reads an order Alipay never saw as unpaid, and closing it succeeds', async () => {
    const orderNo = newOrderNo();
    expect(await driver.queryPayment(orderNo)).toEqual({ orderNo, state: 'unpaid' });
    await expect(driver.closePayment(orderNo)).resolves.toBeUndefined();
    expect(alipay.calls.at(-1)).toMatchObject({ method: 'alipay.trade.close', bizContent: { out_trade_no: orderNo } });
  });

  it('closes an unpaid trade so that it can no longer be paid; closing it again succeeds', async () => {
    const orderNo = await unpaidOrder();
    await driver.closePayment(orderNo);
    expect(alipay.trade(orderNo)?.status).toBe('TRADE_CLOSED');
    expect(await driver.queryPayment(orderNo)).toEqual({ orderNo, state: 'closed' });
    await expect(driver.closePayment(orderNo)).resolves.toBeUndefined();
    expect(() => alipay.pay(orderNo)).toThrow(/not payable/);
  });

  it('does not pass a paid trade off as closed', async () => {
    const orderNo = await paidOrder();
    await expect(driver.closePayment(orderNo)).rejects.toThrow(/is paid, not closable/);
    expect(alipay.trade(orderNo)?.status).toBe('TRADE_SUCCESS');
  });

  it("surfaces the gateway's refusal with its sub_code", async () => {
    const paid = await paidOrder(1990);
    const payAgain = driver.createNativePayment({ orderNo: paid, amountFen: 1990, description: 'again', expiresAt: inOneHour() });
    await expect(payAgain).rejects.toThrow(PaymentProviderError);
    await expect(payAgain).rejects.toThrow(/40004 Business Failed ACQ\.TRADE_HAS_SUCCESS/);

    const unpaid = await unpaidOrder(1990);
    await expect(
      driver.createNativePayment({ orderNo: unpaid, amountFen: 1, description: 'cheaper', expiresAt: inOneHour() }),
    ).rejects.toThrow(/ACQ\.CONTEXT_INCONSISTENT/);

    const impostor = new AlipayDriver({
      ...config,
      privateKeyPem: strangerKeys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    });
    await expect(impostor.queryPayment(unpaid)).rejects.toThrow(/40002 Invalid Arguments isv\.invalid-signature/);

    const unknownApp = new AlipayDriver({ ...config, appId: '2021000000009999' });
    const unknownAppQuery = unknownApp.queryPayment(unpaid);
    await expect(unknownAppQuery).rejects.toThrow(PaymentProviderError);
    await expect(unknownAppQuery).rejects.toThrow(/no verifiable answer/);
  });

  it("refuses an answer whose signature is not Alipay's", async () => {
    const orderNo = newOrderNo();
    const deceived = new AlipayDriver({
      ...config,
      alipayPublicKeyPem: strangerKeys.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    });
    await expect(deceived.createNativePayment({ orderNo, amountFen: 100, description: 'x', expiresAt: inOneHour() })).rejects.toThrow(
      PaymentProviderError,
    );
    expect(alipay.trade(orderNo)?.status).toBe('WAIT_BUYER_PAY');
  });

  it("takes the keys in the forms Alipay's key tool gives them (PKCS#1, bare base64)", async () => {
    const bareBase64 = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
    const pkcs1 = new AlipayDriver({
      ...config,
      privateKeyPem: merchantKeys.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
    });
    const bare = new AlipayDriver({
      ...config,
      privateKeyPem: merchantKeys.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      alipayPublicKeyPem: bareBase64(alipay.alipayPublicKeyPem),
    });
    const orderNo = await paidOrder();
    expect(await pkcs1.queryPayment(orderNo)).toMatchObject({ state: 'paid' });
    expect(await bare.queryPayment(orderNo)).toMatchObject({ state: 'paid' });
  });

  it('refuses a request the interface forbids before calling Alipay', async () => {
    const callsBefore = alipay.calls.length;
    await expect(
      driver.createNativePayment({ orderNo: 'bad/no', amountFen: 100, description: 'x', expiresAt: inOneHour() }),
    ).rejects.toThrow(RangeError);
    await expect(
      driver.createNativePayment({ orderNo: newOrderNo(), amountFen: 0.5, description: 'x', expiresAt: inOneHour() }),
    ).rejects.toThrow(RangeError);
    expect(alipay.calls.length).toBe(callsBefore);
  });
});

describe('Alipay driver: mobile payments (alipay.trade.wap.pay)', () => {
  const returnUrl = 'https://spatia.example/space/paySuccess?orderNo=';
  const wap = (orderNo: string, changes: Partial<MobilePaymentRequest> = {}): MobilePaymentRequest => ({
    orderNo,
    amountFen: 1990,
    description: '全景作品 · 市场购买',
    expiresAt: inOneHour(),
    flow: 'wap',
    returnUrl: `${returnUrl}${orderNo}`,
    clientIp: '203.0.113.9',
    ...changes,
  });

  it('answers a signed GET address of the gateway that Alipay takes, with return_url, notify_url and QUICK_WAP_WAY', async () => {
    const orderNo = newOrderNo();
    const payment = await driver.createMobilePayment(wap(orderNo));
    if (payment.flow !== 'redirect') throw new Error('a redirect was expected');
    expect(payment.url.startsWith(`${alipay.gateway}?`)).toBe(true);
    // Nothing is sent until the payer opens it: Alipay has no trade yet, and a query reads unpaid.
    expect(alipay.trade(orderNo)).toBeUndefined();
    expect(await driver.queryPayment(orderNo)).toEqual({ orderNo, state: 'unpaid' });

    const opened = alipay.openWapPage(payment.url);
    expect(opened.returnUrl).toBe(`${returnUrl}${orderNo}`);
    expect(alipay.calls.at(-1)).toMatchObject({
      method: 'alipay.trade.wap.pay',
      parameters: { app_id: appId, sign_type: 'RSA2', notify_url: config.notifyUrl, return_url: `${returnUrl}${orderNo}` },
      bizContent: { out_trade_no: orderNo, total_amount: '19.90', subject: '全景作品 · 市场购买', product_code: 'QUICK_WAP_WAY' },
    });
    const trade = alipay.pay(orderNo);
    expect(await driver.queryPayment(orderNo)).toEqual(paidState(orderNo, trade));
    expect(await driver.verifyNotification(alipay.notificationFor(orderNo))).toEqual(paidState(orderNo, trade));
  });

  it('the gateway refuses an address changed after signing, or signed by another key', async () => {
    const orderNo = newOrderNo();
    const payment = await driver.createMobilePayment(wap(orderNo));
    if (payment.flow !== 'redirect') throw new Error('a redirect was expected');
    const url = new URL(payment.url);
    const bizContent = JSON.parse(url.searchParams.get('biz_content')!) as Record<string, unknown>;
    url.searchParams.set('biz_content', JSON.stringify({ ...bizContent, total_amount: '0.01' }));
    expect(() => alipay.openWapPage(url.toString())).toThrow(/isv\.invalid-signature/);
    const changedReturn = new URL(payment.url);
    changedReturn.searchParams.set('return_url', 'https://elsewhere.example/');
    expect(() => alipay.openWapPage(changedReturn.toString())).toThrow(/isv\.invalid-signature/);

    const impostor = new AlipayDriver({
      ...config,
      privateKeyPem: strangerKeys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    });
    const forged = await impostor.createMobilePayment(wap(newOrderNo()));
    if (forged.flow !== 'redirect') throw new Error('a redirect was expected');
    expect(() => alipay.openWapPage(forged.url)).toThrow(/isv\.invalid-signature/);
    expect(alipay.trade(orderNo)).toBeUndefined();
  });

  it.each<[string, Partial<MobilePaymentRequest>]>([
    ["WeChat's JSAPI flow", { flow: 'jsapi', openId: 'o1' }],
    ['H5', { flow: 'h5' }],
  ])('refuses %s', async (_case, changes) => {
    await expect(driver.createMobilePayment(wap(newOrderNo(), changes))).rejects.toThrow(/does not take the/);
  });
});

describe('Alipay driver: notifications', () => {
  it('verifies a paid notification and reads its URL-decoded values, where the older check fails', async () => {
    const description = '全景 VR 会员 100% 满意 a+b=c&d';
    const orderNo = await paidOrder(1990, description);
    const passback = encodeURIComponent('plan=vip&months=12');
    const notification = alipay.notificationFor(orderNo, { fields: { passback_params: passback } });
    expect(notification.rawBody).toContain('%25');
    expect(notification.rawBody).toContain('+');

    const trade = alipay.trade(orderNo)!;
    expect(await driver.verifyNotification(notification)).toEqual(paidState(orderNo, trade));

    const fields = Object.fromEntries(new URLSearchParams(notification.rawBody));
    expect(fields.subject).toBe(description);
    const sdk = new AlipaySdk({ appId, privateKey: merchantPrivateKeyPem, keyType: 'PKCS8', alipayPublicKey: alipay.alipayPublicKeyPem });
    const olderCheck = () => {
      try {
        return sdk.checkNotifySign(fields);
      } catch {
        return false;
      }
    };
    expect(sdk.checkNotifySignV2(fields)).toBe(true);
    expect(olderCheck()).toBe(false);
  });

  it('reads unpaid, closed and finished trades from their notifications', async () => {
    const orderNo = await unpaidOrder();
    expect(await driver.verifyNotification(alipay.notificationFor(orderNo))).toEqual({ orderNo, state: 'unpaid' });
    await driver.closePayment(orderNo);
    expect(await driver.verifyNotification(alipay.notificationFor(orderNo))).toEqual({ orderNo, state: 'closed' });

    const finished = await paidOrder(1990);
    const notification = alipay.notificationFor(finished, { fields: { trade_status: 'TRADE_FINISHED', total_amount: '19.9' } });
    expect(await driver.verifyNotification(notification)).toMatchObject({ orderNo: finished, state: 'paid', amountFen: 1990 });
  });

  const refusals: [string, NotificationChanges, RegExp][] = [
    ['an amount changed after signing', { afterSigning: { total_amount: '0.01' } }, /signature does not match/],
    ['another order number put in after signing', { afterSigning: { out_trade_no: 'ALI_someone_else' } }, /signature does not match/],
    [
      'a sign that is not a signature',
      { afterSigning: { sign: Buffer.from('not a signature').toString('base64') } },
      /signature does not match/,
    ],
    ['a sign made with another key', { signingKey: strangerKeys.privateKey }, /signature does not match/],
    ["another application's notification", { fields: { app_id: '2021000000009999', auth_app_id: '2021000000009999' } }, /app_id/],
    ['no sign', { afterSigning: { sign: undefined } }, /no sign/],
    ['a downgraded sign_type', { afterSigning: { sign_type: 'RSA' } }, /sign_type/],
    ['an unknown notify_type', { fields: { notify_type: 'fund_sync' } }, /notify_type/],
    ['an unknown trade_status', { fields: { trade_status: 'TRADE_PENDING' } }, /trade_status/],
    ['a paid trade without a payment time', { fields: { gmt_payment: undefined } }, /payment time/],
  ];

  it.each(refusals)('refuses %s', async (_case, changes, reason) => {
    const orderNo = await paidOrder();
    await expect(driver.verifyNotification(alipay.notificationFor(orderNo))).resolves.toMatchObject({ state: 'paid' });
    const verdict = driver.verifyNotification(alipay.notificationFor(orderNo, changes));
    await expect(verdict).rejects.toThrow(PaymentNotificationRefused);
    await expect(verdict).rejects.toThrow(reason);
  });

  it('refuses a field sent twice and a body that is not a form', async () => {
    const orderNo = await paidOrder();
    const notification = alipay.notificationFor(orderNo);
    await expect(driver.verifyNotification({ ...notification, rawBody: `${notification.rawBody}&total_amount=0.01` })).rejects.toThrow(
      /total_amount appears twice/,
    );
    await expect(driver.verifyNotification({ ...notification, headers: { 'content-type': 'application/json' } })).rejects.toThrow(
      PaymentNotificationRefused,
    );
  });

  it('answers Alipay with success, or with fail so that it retries', () => {
    expect(driver.acknowledge()).toEqual({ statusCode: 200, contentType: 'text/plain', body: 'success' });
    expect(driver.refuse('not booked')).toEqual({ statusCode: 200, contentType: 'text/plain', body: 'fail' });
  });
});
