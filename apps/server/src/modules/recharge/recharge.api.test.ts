import {
  ErrorCode,
  Role,
  type FlowRechargeOptions,
  type FlowRechargeOrder,
  type NotificationPage,
  type SandboxCheckout,
  PaymentErrors,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import type { IncomingNotification } from '../../drivers/payments/payment-driver.js';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { RechargeRepository } from './recharge.repository.js';
import { RechargeService } from './recharge.service.js';

let testApp: TestApp;
let customer: Person;
let photographer: Person;
let merchant: Person;
let stranger: Person;

beforeAll(async () => {
  ({ testApp, customer, photographer, merchant, stranger } = await appWithPeople({
    customer: { name: 'Payer' },
    photographer: { roles: [Role.photographer] },
    merchant: { roles: [Role.merchant] },
    stranger: {},
  }));
});
afterAll(() => testApp.close());

const data = <T>(response: Awaited<ReturnType<Person['call']>>) => json<{ data: T }>(response).data;
const sandbox = (): SandboxPayDriver => testApp.app.services.sandboxPay!;
const recharge = (as: Person, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/c/flowRecharge/nativePayNow',
    headers: { 'auth-token': as.token, 'x-auth-token': as.token, ...headers },
    payload: body,
  });
const query = (as: Person, id: number) => as.call('GET', `/api/c/flowRechargeOrder/${id}/nativeUnifiedOrderQuery`);
const notify = (notification: IncomingNotification, provider = 'sandbox') =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/payments/${provider}/notify`,
    headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
    payload: notification.rawBody,
  });
const balanceOf = (who: Person) => testApp.app.services.ledger.balance(LedgerAccount.balance(who.id));
const signOf = (order: FlowRechargeOrder) => new URL(order.codeUrl, 'http://site').searchParams.get('sign')!;

/** An order the payer started, fresh. */
async function startOrder(as: Person, months = 1, fee = 3000): Promise<FlowRechargeOrder> {
  const response = await recharge(as, { months, fee }, { 'idempotency-key': `order-${Math.random()}` });
  expect(response.statusCode, response.body).toBe(200);
  return data<FlowRechargeOrder>(response);
}

/** The same service on a clock `aheadMs` in the future: the reconciliation job as it runs later. */
function serviceLater(aheadMs: number): RechargeService {
  const { database, ledger, notifications, logger } = testApp.app.services;
  return new RechargeService(
    new RechargeRepository(database.db),
    { sandbox: sandbox() },
    ledger,
    notifications,
    logger,
    () => Date.now() + aheadMs,
  );
}

async function ledgerPostingsFor(orderNo: string): Promise<number> {
  const [row] = await rowsOf<{ count: string }>(
    testApp.app.services.database.db,
    sql`select count(*)::text as count from ledger_transactions where memo = ${orderNo}`,
  );
  return Number(row!.count);
}

async function orderCount(): Promise<number> {
  const [row] = await rowsOf<{ count: string }>(testApp.app.services.database.db, sql`select count(*)::text as count from payment_orders`);
  return Number(row!.count);
}

describe('GET /api/c/flowRecharge/plans', () => {
  it('answers the price list, the providers and the balance to photographers and customers', async () => {
    for (const payer of [customer, photographer]) {
      const options = data<FlowRechargeOptions>(await payer.call('GET', '/api/c/flowRecharge/plans'));
      expect(options.plans.map((plan) => plan.months)).toEqual([1, 3, 6, 12]);
      expect(options.plans[0]).toEqual({ months: 1, feeFen: 3000 });
      expect(options.providers).toEqual(['sandbox']);
      expect(options.balanceFen).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses anyone else (spec 2.3: photographer and customer)', async () => {
    expect((await merchant.call('GET', '/api/c/flowRecharge/plans')).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/c/flowRecharge/plans' })).statusCode).toBe(401);
  });
});

describe('POST /api/c/flowRecharge/nativePayNow', () => {
  it('creates a pending order at the price list’s fee with the sandbox checkout as its QR code', async () => {
    const order = await startOrder(customer, 3, 8500);
    expect(order).toMatchObject({ status: 'pending', provider: 'sandbox', months: 3, amountFen: 8500, paidAt: null });
    expect(order.orderNo).toMatch(/^R\d{14}[0-9a-f]{8}$/);
    expect(order.codeUrl).toMatch(new RegExp(`^/mobile/sandboxPay/${order.orderNo}\\?sign=[0-9a-f]{32}$`));
    expect(order.expiresAt - order.createdAt).toBe(15 * 60_000);
  });

  it('answers the same order for the same purchase while it can be paid, so one purchase has one order number', async () => {
    const first = data<FlowRechargeOrder>(await recharge(photographer, { months: 6, fee: 16000 }));
    const again = data<FlowRechargeOrder>(await recharge(photographer, { months: 6, fee: 16000 }));
    expect(again.id).toBe(first.id);
    expect(again.codeUrl).toBe(first.codeUrl);
    const other = data<FlowRechargeOrder>(await recharge(photographer, { months: 12, fee: 30000 }));
    expect(other.id).not.toBe(first.id);
  });

  it('takes the spec client’s query parameters too', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/flowRecharge/nativePayNow?months=1&fee=3000',
      headers: { 'auth-token': stranger.token, 'x-auth-token': stranger.token },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a fee that is not the price list’s, and months it does not hold, creating nothing', async () => {
    const before = await orderCount();
    const mismatch = await recharge(customer, { months: 1, fee: 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch)).toMatchObject({ code: PaymentErrors.rechargeFeeMismatch.code, msg: expect.stringContaining('30.00') });
    const unknown = await recharge(customer, { months: 2, fee: 6000 });
    expect(json(unknown).code).toBe(PaymentErrors.rechargePlanUnknown.code);
    expect((await recharge(customer, { months: 1, fee: 30.5 })).statusCode).toBe(400);
    expect((await recharge(customer, { months: 1 })).statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a provider the site does not take', async () => {
    const response = await recharge(customer, { months: 1, fee: 3000, provider: 'wechat' });
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe(PaymentErrors.paymentProviderUnavailable.code);
  });

  it('answers the first order to a repeated Idempotency-Key, and refuses the key with another request', async () => {
    const key = { 'idempotency-key': `key-${Date.now()}` };
    const first = data<FlowRechargeOrder>(await recharge(customer, { months: 12, fee: 30000 }, key));
    const replay = data<FlowRechargeOrder>(await recharge(customer, { months: 12, fee: 30000 }, key));
    expect(replay.id).toBe(first.id);
    const reused = await recharge(customer, { months: 1, fee: 3000 }, key);
    expect(reused.statusCode).toBe(422);
    expect(json(reused).code).toBe(ErrorCode.idempotencyKeyReused);
    // The key is the caller's own: another person's same key is a new order.
    const stranger12 = await recharge(stranger, { months: 12, fee: 30000 }, key);
    expect(data<FlowRechargeOrder>(stranger12).id).not.toBe(first.id);
  });

  it('creates one order for requests racing with one Idempotency-Key, and answers each with it and its QR code', async () => {
    const key = { 'idempotency-key': `race-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 4 }, () => recharge(customer, { months: 1, fee: 3000 }, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    // Those that lost waited for the first one's QR code: the same order, the same code, however many press.
    const orders = answers.map((answer) => data<FlowRechargeOrder>(answer));
    expect(new Set(orders.map((order) => order.id)).size).toBe(1);
    expect(new Set(orders.map((order) => order.codeUrl))).toEqual(new Set([orders[0]!.codeUrl]));
    expect(orders[0]!.codeUrl).not.toBe('');
    const { db } = testApp.app.services.database;
    const stored = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from payment_orders where user_id = ${customer.id} and idempotency_key = ${key['idempotency-key']}`,
    );
    expect(stored[0]!.count).toBe(1);
  });

  it('takes an Idempotency-Key older than 24 hours as a new request', async () => {
    const key = { 'idempotency-key': `old-${Date.now()}` };
    const first = data<FlowRechargeOrder>(await recharge(customer, { months: 1, fee: 3000 }, key));
    await testApp.app.services.database.db.execute(
      sql`update payment_orders set created_at = created_at - interval '25 hours' where id = ${first.id}`,
    );
    const later = await recharge(customer, { months: 12, fee: 30000 }, key);
    expect(later.statusCode, later.body).toBe(200);
    expect(data<FlowRechargeOrder>(later).id).not.toBe(first.id);
  });

  it('refuses anonymous callers and merchants', async () => {
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/c/flowRecharge/nativePayNow', payload: { months: 1, fee: 3000 } })).statusCode,
    ).toBe(401);
    expect((await recharge(merchant, { months: 1, fee: 3000 })).statusCode).toBe(403);
  });
});

describe('paying through the sandbox checkout', () => {
  it('books the payment once, credits the balance, tells the payer, and the order query shows it', async () => {
    const payer = (await appPerson()).payer;
    const order = await startOrder(payer, 1, 3000);
    const checkoutUrl = `/api/payments/sandbox/checkout/${order.orderNo}?sign=${signOf(order)}`;
    // What the order buys comes as data, for the checkout to say in its reader's language only.
    expect(data<SandboxCheckout>(await testApp.app.inject({ method: 'GET', url: checkoutUrl }))).toMatchObject({
      state: 'unpaid',
      amountFen: 3000,
      purchase: { kind: 'flowRecharge', months: 1 },
    });

    const paid = await testApp.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${signOf(order)}`,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(data<SandboxCheckout>(paid)).toMatchObject({ state: 'paid', purchase: { kind: 'flowRecharge', months: 1 } });

    const seen = data<FlowRechargeOrder>(await query(payer, order.id));
    expect(seen).toMatchObject({ status: 'paid', balanceFen: 3000, codeUrl: '' });
    expect(seen.paidAt).toBeGreaterThan(0);
    expect(await balanceOf(payer)).toBe(3000);

    // Paying again on the checkout answers the same payment and books nothing more.
    expect(
      (await testApp.app.inject({ method: 'POST', url: `/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${signOf(order)}` }))
        .statusCode,
    ).toBe(200);
    expect(await balanceOf(payer)).toBe(3000);

    const inbox = data<NotificationPage>(await payer.call('GET', '/api/c/notifications'));
    expect(inbox.list.filter((notice) => notice.kind === 'rechargePaid')).toEqual([
      expect.objectContaining({ params: { price: 3000, months: 1 }, link: '/recharge/index' }),
    ]);
  });

  it('refuses a checkout whose signature is not the QR code’s', async () => {
    const order = await startOrder(stranger);
    const forged = await testApp.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/checkout/${order.orderNo}?sign=${'0'.repeat(32)}`,
    });
    expect(forged.statusCode).toBe(404);
    const pay = await testApp.app.inject({ method: 'POST', url: `/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=nope` });
    expect(pay.statusCode).toBe(404);
  });
});

describe('POST /api/payments/{provider}/notify', () => {
  it('books the same notification sent 15 times at once exactly once, and acknowledges every one', async () => {
    const { payer } = await appPerson();
    const order = await startOrder(payer, 3, 8500);
    const notification = (await sandbox().pay(order.orderNo, signOf(order)))!;
    const answers = await Promise.all(Array.from({ length: 15 }, () => notify(notification)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(15).fill(200));
    expect(answers[0]!.body).toBe('{"code":"SUCCESS"}');
    expect(await balanceOf(payer)).toBe(8500);
    expect(await ledgerPostingsFor(order.orderNo)).toBe(1);
  });

  it('refuses a tampered body, a bad or missing signature and a stale timestamp without booking', async () => {
    const { payer } = await appPerson();
    const order = await startOrder(payer);
    const genuine = (await sandbox().pay(order.orderNo, signOf(order)))!;
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace('"amountFen":3000', '"amountFen":300000') };
    const badSignature = { ...genuine, headers: { ...genuine.headers, 'x-sandbox-signature': 'f'.repeat(64) } };
    const unsigned = { rawBody: genuine.rawBody, headers: {} };
    const stale = await sandbox().notificationFor(await sandbox().queryPayment(order.orderNo), Date.now() - 301_000);
    for (const refused of [tampered, badSignature, unsigned, stale]) {
      const answer = await notify(refused);
      expect(answer.statusCode).toBe(400);
      expect(json(answer)).toEqual({ code: 'FAIL', message: 'verification failed' });
    }
    expect(await balanceOf(payer)).toBe(0);
    expect(data<FlowRechargeOrder>(await query(payer, order.id)).status).toBe('paid'); // the payer's query asks the provider
  });

  it('refuses a verified notification of an unknown order or with the wrong amount, booking nothing', async () => {
    const { payer } = await appPerson();
    const order = await startOrder(payer);
    const paidAt = new Date();
    const unknown = await sandbox().notificationFor({
      orderNo: 'R00000000000000deadbeef',
      state: 'paid',
      transactionId: 'SBX-unknown',
      amountFen: 3000,
      paidAt,
    });
    const wrongAmount = await sandbox().notificationFor({
      orderNo: order.orderNo,
      state: 'paid',
      transactionId: 'SBX-cheap',
      amountFen: 1,
      paidAt,
    });
    expect(json(await notify(unknown))).toEqual({ code: 'FAIL', message: 'unknownOrder' });
    expect(json(await notify(wrongAmount))).toEqual({ code: 'FAIL', message: 'amountMismatch' });
    expect(await ledgerPostingsFor(order.orderNo)).toBe(0);
    expect(await balanceOf(payer)).toBe(0);
  });

  it('answers 404 for a provider the site does not take', async () => {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/wechat/notify',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/payments/paypal/notify', payload: '{}' })).statusCode).toBe(400);
  });
});

describe('reconciliation (the payments.reconcile job)', () => {
  it('books a payment whose notification was lost', async () => {
    const { payer } = await appPerson();
    const order = await startOrder(payer, 1, 3000);
    await sandbox().pay(order.orderNo, signOf(order)); // paid at the provider; the notification never arrives
    expect(await balanceOf(payer)).toBe(0);
    const outcome = await serviceLater(60_000).reconcile();
    expect(outcome.booked).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(payer)).toBe(3000);
    // A later notification of the same payment books nothing more.
    await notify(await sandbox().notificationFor(await sandbox().queryPayment(order.orderNo)));
    expect(await ledgerPostingsFor(order.orderNo)).toBe(1);
  });

  it('closes an order left unpaid past its expiry, at the provider too, so its QR code can no longer be paid', async () => {
    const { payer } = await appPerson();
    const order = await startOrder(payer);
    await serviceLater(16 * 60_000).reconcile();
    const seen = data<FlowRechargeOrder>(await query(payer, order.id));
    expect(seen).toMatchObject({ status: 'closed', codeUrl: '' });
    const pay = await testApp.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${signOf(order)}`,
    });
    expect(pay.statusCode).toBe(409);
    expect(json(pay).code).toBe(PaymentErrors.paymentOrderNotPayable.code);
    // A new purchase gets a new order.
    expect((await startOrder(payer)).id).not.toBe(order.id);
  });
});

describe('GET /api/c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery', () => {
  it('answers the order as known when the provider cannot be asked', async () => {
    const order = await startOrder(customer);
    const sandboxDriver = sandbox();
    const query = sandboxDriver.queryPayment.bind(sandboxDriver);
    sandboxDriver.queryPayment = () => Promise.reject(new Error('provider down'));
    try {
      const seen = await customer.call('GET', `/api/c/flowRechargeOrder/${order.id}/nativeUnifiedOrderQuery`);
      expect(seen.statusCode).toBe(200);
      expect(data<FlowRechargeOrder>(seen).status).toBe('pending');
    } finally {
      sandboxDriver.queryPayment = query;
    }
  });

  it('shows the payer’s own order only', async () => {
    const order = await startOrder(customer);
    expect(data<FlowRechargeOrder>(await query(customer, order.id)).orderNo).toBe(order.orderNo);
    expect((await query(stranger, order.id)).statusCode).toBe(404);
    expect((await query(customer, 987654321)).statusCode).toBe(404);
    expect((await customer.call('GET', '/api/c/flowRechargeOrder/abc/nativeUnifiedOrderQuery')).statusCode).toBe(400);
  });
});

/** A payer of their own, so balances start at zero. */
async function appPerson(): Promise<{ payer: Person }> {
  return { payer: await person(testApp.app, { name: 'Payer' }) };
}
