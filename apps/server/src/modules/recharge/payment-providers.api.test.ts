import { Role, type AdminRechargeOrder, type FlowRechargeOptions, type FlowRechargeOrder } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingNotification } from '../../drivers/payments/payment-driver.js';
import type { AlipayStandIn } from '../../test/alipay-stand-in.js';
import { startPaymentProviderStandIns, type PaymentProviderStandIns } from '../../test/payment-provider-stand-ins.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { withTamperedBody, type WechatPayStandIn } from '../../test/wechat-pay-stand-in.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { RechargeRepository } from './recharge.repository.js';
import { RechargeService } from './recharge.service.js';
import { RefundsRepository } from './refunds.repository.js';

/**
 * The real providers end to end through the server, each against its local stand-in: the server is
 * configured the way an operator configures it (key files, PUBLIC_URL), orders go to the stand-in,
 * and the stand-in's signed notifications come in over HTTP to the notify route.
 */
let testApp: TestApp;
let providers: PaymentProviderStandIns;
let wechat: WechatPayStandIn;
let alipay: AlipayStandIn;

beforeAll(async () => {
  providers = await startPaymentProviderStandIns('2021000000000002');
  ({ wechat, alipay } = providers);
  testApp = await createTestApp(providers.env);
});
afterAll(async () => {
  await testApp.close();
  await providers.close();
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
    const counted = { booked: await notificationsCounted('booked'), duplicate: await notificationsCounted('duplicate') };
    const notification = wechat.notificationFor(order.orderNo);
    const answers = await Promise.all(Array.from({ length: 15 }, () => notify('wechat', notification, 'application/json')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(15).fill(200));
    expect(await balanceOf(who)).toBe(3000);
    expect(data<FlowRechargeOrder>(await who.call('GET', `/api/c/flowRechargeOrder/${order.id}/nativeUnifiedOrderQuery`)).status).toBe(
      'paid',
    );
    expect(await notificationsCounted('booked')).toBe(counted.booked + 1);
    expect(await notificationsCounted('duplicate')).toBe(counted.duplicate + 14);
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
    const countedBefore = await notificationsCounted('refused');
    for (const notification of refused) {
      const answer = await notify('wechat', notification, 'application/json');
      expect(answer.statusCode).toBe(500);
      expect(json(answer)).toMatchObject({ code: 'FAIL' });
    }
    expect(await balanceOf(who)).toBe(0);
    expect(await notificationsCounted('refused')).toBe(countedBefore + refused.length);
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

describe('refunds through the providers (docs/refunds.md)', () => {
  let admin: Person;
  beforeAll(async () => {
    admin = await person(testApp.app, { roles: [Role.admin] });
  });

  const refund = (orderId: number, amountFen: number, key = `key-${Math.random()}`) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/admin/rechargeOrders/${orderId}/refunds`,
      headers: { 'x-auth-token': admin.token, 'idempotency-key': key },
      payload: { amountFen, reason: '客户申请退款' },
    });
  const paidWith = async (provider: 'wechat' | 'alipay') => {
    const who = await payer();
    const order = await recharge(who, provider);
    if (provider === 'wechat') {
      wechat.pay(order.orderNo);
      expect((await notify('wechat', wechat.notificationFor(order.orderNo), 'application/json')).statusCode).toBe(200);
    } else {
      alipay.pay(order.orderNo);
      expect((await notify('alipay', alipay.notificationFor(order.orderNo), 'application/x-www-form-urlencoded; charset=utf-8')).body).toBe(
        'success',
      );
    }
    expect(await balanceOf(who)).toBe(3000);
    return { who, order };
  };
  const viewOf = async (orderNo: string) =>
    data<{ list: AdminRechargeOrder[] }>(await admin.call('GET', `/api/admin/rechargeOrders?keyword=${orderNo}`)).list[0]!;

  it('WeChat: asks a signed refund of half, which is pending until REFUND.SUCCESS arrives; 15 notifications at once book it once', async () => {
    const { who, order } = await paidWith('wechat');
    const response = await refund(order.id, 1500);
    expect(response.statusCode, response.body).toBe(200);
    expect(data<AdminRechargeOrder>(response).refunds).toMatchObject([{ status: 'pending', amountFen: 1500 }]);
    const [refundNo, asked] = [...wechat.refunds].find(([, item]) => item.outTradeNo === order.orderNo)!;
    expect(asked.request).toMatchObject({
      out_refund_no: refundNo,
      amount: { refund: 1500, total: 3000, currency: 'CNY' },
      notify_url: 'https://spatia.example.com/api/payments/wechat/notify',
    });
    expect(await balanceOf(who)).toBe(3000);

    const success = wechat.settleRefund(refundNo);
    const answers = await Promise.all(Array.from({ length: 15 }, () => notify('wechat', success, 'application/json')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(15).fill(200));
    expect(await balanceOf(who)).toBe(1500);
    expect(await viewOf(order.orderNo)).toMatchObject({ refundedFen: 1500, refundState: 'partlyRefunded', status: 'paid' });
    // WeChat's REFUND trade state is still a paid order.
    const polled = data<FlowRechargeOrder>(await who.call('GET', `/api/c/flowRechargeOrder/${order.id}/nativeUnifiedOrderQuery`));
    expect(polled.status).toBe('paid');
    expect(await testApp.app.services.recharge.driver('wechat').queryPayment(order.orderNo)).toMatchObject({
      state: 'paid',
      refunded: true,
    });
  });

  it('WeChat: the stand-in refuses more than is left and another amount under the same number; the driver reads both as failed', async () => {
    const { order } = await paidWith('wechat');
    const driver = testApp.app.services.recharge.driver('wechat');
    const transactionId = wechat.orders.get(order.orderNo)!.transactionId!;
    const ask = (refundNo: string, amountFen: number) =>
      driver.refund({ orderNo: order.orderNo, transactionId, refundNo, amountFen, totalFen: 3000, reason: 'test' });
    expect(await ask(`${order.orderNo}X1`, 2000)).toMatchObject({ state: 'pending', amountFen: 2000 });
    expect(await ask(`${order.orderNo}X1`, 2000)).toMatchObject({ state: 'pending' });
    expect(await ask(`${order.orderNo}X1`, 1000)).toMatchObject({ state: 'failed' });
    expect(await ask(`${order.orderNo}X2`, 1001)).toMatchObject({ state: 'failed' });
    expect(await driver.queryRefund(order.orderNo, `${order.orderNo}X1`)).toMatchObject({ state: 'pending', amountFen: 2000 });
    await expect(driver.queryRefund(order.orderNo, `${order.orderNo}X9`)).rejects.toThrow(/RESOURCE_NOT_EXISTS/);
  });

  it('WeChat: a refund made in the merchant portal is booked from its notification; REFUND.ABNORMAL books nothing', async () => {
    const { who, order } = await paidWith('wechat');
    const portal = wechat.portalRefund(order.orderNo, 1000);
    expect((await notify('wechat', portal, 'application/json')).statusCode).toBe(200);
    expect(await balanceOf(who)).toBe(2000);
    expect((await viewOf(order.orderNo)).refunds).toMatchObject([{ origin: 'provider', status: 'succeeded', amountFen: 1000 }]);

    const response = await refund(order.id, 500);
    const refundNo = data<AdminRechargeOrder>(response).refunds.find((item) => item.origin === 'admin')!.refundNo;
    expect((await notify('wechat', wechat.settleRefund(refundNo, 'ABNORMAL'), 'application/json')).statusCode).toBe(200);
    expect(await balanceOf(who)).toBe(2000);
    expect((await viewOf(order.orderNo)).refunds.find((item) => item.refundNo === refundNo)?.status).toBe('failed');
    // A refund notification whose signature does not check out is refused.
    const forged = wechat.settleRefund(refundNo, 'SUCCESS', { signature: 'AAAA' });
    expect((await notify('wechat', forged, 'application/json')).statusCode).toBe(500);
  });

  it('Alipay: refunds half at once with out_request_no, then the rest; the closed trade reads as paid and refunded', async () => {
    const { who, order } = await paidWith('alipay');
    const key = `alipay-half-${order.id}`;
    const first = await refund(order.id, 1500, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(data<AdminRechargeOrder>(first)).toMatchObject({ refundedFen: 1500, refundState: 'partlyRefunded' });
    expect((await refund(order.id, 1500, key)).statusCode).toBe(200);
    const calls = alipay.calls.filter((call) => call.method === 'alipay.trade.refund' && call.bizContent.out_trade_no === order.orderNo);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.bizContent).toMatchObject({ refund_amount: '15.00', out_request_no: expect.stringMatching(/^R\d+/) as unknown });
    expect(await balanceOf(who)).toBe(1500);

    expect(data<AdminRechargeOrder>(await refund(order.id, 1500))).toMatchObject({ refundedFen: 3000, refundState: 'refunded' });
    expect(alipay.trade(order.orderNo)?.status).toBe('TRADE_CLOSED');
    expect(await testApp.app.services.recharge.driver('alipay').queryPayment(order.orderNo)).toMatchObject({
      state: 'paid',
      refundedFen: 3000,
    });
    // Its notification (refund_fee 30.00, TRADE_CLOSED) books nothing more, and the reconciliation finds nothing new.
    const closed = alipay.notificationFor(order.orderNo);
    expect((await notify('alipay', closed, 'application/x-www-form-urlencoded; charset=utf-8')).body).toBe('success');
    await testApp.app.services.refunds.checkProviderRefunds(
      (await new RefundsRepository(testApp.app.services.database.db).findOrder(order.id))!,
    );
    expect(await balanceOf(who)).toBe(0);
    expect((await viewOf(order.orderNo)).refunds).toHaveLength(2);
  });

  it('Alipay: a portal refund arrives in the trade notification’s refund_fee; a full one is found by the trade’s TRADE_CLOSED', async () => {
    const { who, order } = await paidWith('alipay');
    alipay.portalRefund(order.orderNo, 1000);
    const partial = alipay.notificationFor(order.orderNo);
    expect((await notify('alipay', partial, 'application/x-www-form-urlencoded; charset=utf-8')).body).toBe('success');
    expect(await balanceOf(who)).toBe(2000);

    alipay.portalRefund(order.orderNo, 2000); // the notification is lost
    await testApp.app.services.refunds.checkProviderRefunds(
      (await new RefundsRepository(testApp.app.services.database.db).findOrder(order.id))!,
    );
    expect(await balanceOf(who)).toBe(0);
    expect(await viewOf(order.orderNo)).toMatchObject({ refundedFen: 3000, refundState: 'refunded' });
  });
});

/** WeChat Pay notifications the metrics counted with this outcome so far. */
async function notificationsCounted(outcome: string): Promise<number> {
  const { text } = await testApp.app.services.metrics.exposition();
  const line = new RegExp(`^spatia_payment_notifications_total\\{provider="wechat",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text);
  return Number(line?.[1] ?? 0);
}
