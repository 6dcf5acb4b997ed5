import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, type FlowRechargeOptions, type FlowRechargeOrder } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingNotification } from '../../drivers/payments/payment-driver.js';
import { startAlipayStandIn, type AlipayStandIn } from '../../test/alipay-stand-in.js';
import { rsaKeyPems } from '../../test/rsa-keys.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { startWechatPayStandIn, testWechatMerchant, withTamperedBody, type WechatPayStandIn } from '../../test/wechat-pay-stand-in.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { RechargeRepository } from './recharge.repository.js';
import { RechargeService } from './recharge.service.js';

/**
 * The real providers end to end through the server, each against its local stand-in: the server is
 * configured the way an operator configures it (key files, PUBLIC_URL), orders go to the stand-in,
 * and the stand-in's signed notifications come in over HTTP to the notify route.
 */
let testApp: TestApp;
let wechat: WechatPayStandIn;
let alipay: AlipayStandIn;

beforeAll(async () => {
  const keys = mkdtempSync(path.join(os.tmpdir(), 'spatia-payment-keys-'));
  const keyFile = (name: string, pem: string) => {
    const file = path.join(keys, name);
    writeFileSync(file, pem);
    return file;
  };
  const wechatMerchant = rsaKeyPems();
  const wechatAccount = testWechatMerchant();
  wechat = await startWechatPayStandIn({ ...wechatAccount, merchantPublicKeyPem: wechatMerchant.publicKeyPem });
  const alipayMerchant = rsaKeyPems();
  alipay = await startAlipayStandIn({ appId: '2021000000000002', merchantPublicKeyPem: alipayMerchant.publicKeyPem });

  testApp = await createTestApp({
    PUBLIC_URL: 'https://spatia.example.com',
    PAYMENT_PROVIDERS: 'wechat,alipay',
    // Real payments never go with the sandbox's payouts (config.ts).
    PAYOUT_PROVIDERS: 'alipay',
    WECHAT_PAY_APP_ID: wechatAccount.appId,
    WECHAT_PAY_MCH_ID: wechatAccount.mchId,
    WECHAT_PAY_MERCHANT_SERIAL_NO: wechatAccount.merchantSerialNo,
    WECHAT_PAY_API_V3_KEY: wechatAccount.apiV3Key,
    WECHAT_PAY_PRIVATE_KEY_FILE: keyFile('wechat-merchant.pem', wechatMerchant.privateKeyPem),
    WECHAT_PAY_PUBLIC_KEY_ID: wechat.publicKeyId,
    WECHAT_PAY_PUBLIC_KEY_FILE: keyFile('wechat-pay-public.pem', wechat.platformPublicKeys[wechat.publicKeyId]!),
    WECHAT_PAY_PLATFORM_CERT_SERIAL: wechat.certificateSerial,
    WECHAT_PAY_PLATFORM_CERT_FILE: keyFile('wechat-platform.pem', wechat.platformPublicKeys[wechat.certificateSerial]!),
    WECHAT_PAY_ENDPOINT: wechat.endpoint,
    ALIPAY_APP_ID: '2021000000000002',
    ALIPAY_PRIVATE_KEY_FILE: keyFile('alipay-merchant.pem', alipayMerchant.privateKeyPem),
    ALIPAY_PUBLIC_KEY_FILE: keyFile('alipay-public.pem', alipay.alipayPublicKeyPem),
    ALIPAY_GATEWAY: alipay.gateway,
  });
});
afterAll(async () => {
  await testApp.close();
  await wechat.close();
  await alipay.close();
});

const data = <T>(response: Awaited<ReturnType<Person['call']>>) => json<{ data: T }>(response).data;
const payer = () => person(testApp.app, { name: 'Payer', roles: [Role.customer] });
const balanceOf = (who: Person) => testApp.app.services.ledger.balance(LedgerAccount.balance(who.id));
const recharge = async (as: Person, provider: string): Promise<FlowRechargeOrder> => {
  const response = await as.call('POST', '/api/c/flowRecharge/nativePayNow', { months: 1, fee: 3000, provider });
  expect(response.statusCode, response.body).toBe(200);
  return data<FlowRechargeOrder>(response);
};
const notify = (provider: string, notification: IncomingNotification, contentType: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/payments/${provider}/notify`,
    headers: { ...(notification.headers as Record<string, string>), 'content-type': contentType },
    payload: notification.rawBody,
  });

it('offers the configured providers, WeChat Pay first', async () => {
  const options = data<FlowRechargeOptions>(await (await payer()).call('GET', '/api/c/flowRecharge/plans'));
  expect(options.providers).toEqual(['wechat', 'alipay']);
});

describe('WeChat Pay API v3', () => {
  it('orders at the stand-in, which checks our signature, and books its notification once however often it comes', async () => {
    const who = await payer();
    const order = await recharge(who, 'wechat');
    expect(order.codeUrl).toMatch(/^weixin:\/\/wxpay\//);
    expect(wechat.orders.get(order.orderNo)?.request).toMatchObject({ amount: { total: 3000, currency: 'CNY' } });

    wechat.pay(order.orderNo);
    const notification = wechat.notificationFor(order.orderNo);
    const answers = await Promise.all(Array.from({ length: 15 }, () => notify('wechat', notification, 'application/json')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(15).fill(200));
    expect(await balanceOf(who)).toBe(3000);
    expect(data<FlowRechargeOrder>(await who.call('GET', `/api/c/flowRechargeOrder/${order.id}/nativeUnifiedOrderQuery`)).status).toBe(
      'paid',
    );
  });

  it('refuses a tampered, stale or foreign-merchant notification with WeChat’s FAIL answer, booking nothing', async () => {
    const who = await payer();
    const order = await recharge(who, 'wechat');
    wechat.pay(order.orderNo);
    const refused = [
      withTamperedBody(wechat.notificationFor(order.orderNo), (body) => body.replace('"id":"', '"id":"x')),
      wechat.notificationFor(order.orderNo, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      wechat.notificationFor(order.orderNo, { transaction: { mchid: '1900000999' } }),
      wechat.notificationFor(order.orderNo, { serial: 'PUB_KEY_ID_0000000000000000000000000000000000' }),
    ];
    for (const notification of refused) {
      const answer = await notify('wechat', notification, 'application/json');
      expect(answer.statusCode).toBe(500);
      expect(json(answer)).toMatchObject({ code: 'FAIL' });
    }
    expect(await balanceOf(who)).toBe(0);
  });

  it('books a payment whose notification was lost when the reconciliation job asks WeChat', async () => {
    const who = await payer();
    const order = await recharge(who, 'wechat');
    wechat.pay(order.orderNo);
    const { database, ledger, notifications, logger } = testApp.app.services;
    const later = new RechargeService(
      new RechargeRepository(database.db),
      { wechat: testApp.app.services.recharge.driver('wechat') },
      ledger,
      notifications,
      logger,
      () => Date.now() + 60_000,
    );
    await later.reconcile();
    expect(await balanceOf(who)).toBe(3000);
  });
});

describe('Alipay', () => {
  it('precreates at the stand-in and books the signed form notification once, answering exactly "success"', async () => {
    const who = await payer();
    const order = await recharge(who, 'alipay');
    expect(alipay.trade(order.orderNo)).toMatchObject({ status: 'WAIT_BUYER_PAY', totalAmount: '30.00' });
    alipay.pay(order.orderNo);
    const notification = alipay.notificationFor(order.orderNo);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await notify('alipay', notification, 'application/x-www-form-urlencoded; charset=utf-8');
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('success');
    }
    expect(await balanceOf(who)).toBe(3000);
  });

  it('answers "fail" to a forged amount and books nothing', async () => {
    const who = await payer();
    const order = await recharge(who, 'alipay');
    alipay.pay(order.orderNo);
    const forged = alipay.notificationFor(order.orderNo, { afterSigning: { total_amount: '0.01' } });
    const answer = await notify('alipay', forged, 'application/x-www-form-urlencoded; charset=utf-8');
    expect(answer.body).toBe('fail');
    expect(await balanceOf(who)).toBe(0);
  });
});
