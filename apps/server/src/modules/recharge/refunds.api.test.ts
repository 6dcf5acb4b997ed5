import {
  ErrorCode,
  PaymentErrors,
  Role,
  type AdminRechargeOrder,
  type FlowRechargeOrder,
  type NotificationPage,
  type OrderPage,
  type Page,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import type { IncomingNotification } from '../../drivers/payments/payment-driver.js';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import type { Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { RefundsRepository } from './refunds.repository.js';

let testApp: TestApp;
let admin: Person;
let payer: Person;
let spender: Person;
let other: Person;

beforeAll(async () => {
  ({ testApp, admin, payer, spender, other } = await appWithPeople({
    admin: { roles: [Role.admin] },
    payer: { roles: [Role.customer], name: 'Refund payer' },
    spender: { roles: [Role.photographer] },
    other: { roles: [Role.customer] },
  }));
});
afterAll(() => testApp.close());

const data = <T>(response: Awaited<ReturnType<Person['call']>>) => json<{ data: T }>(response).data;
const code = (response: Awaited<ReturnType<Person['call']>>) => json<{ code: number }>(response).code;
const sandbox = (): SandboxPayDriver => testApp.app.services.sandboxPay!;
const db = () => testApp.app.services.database.db;
const balanceOf = (who: Person) => testApp.app.services.ledger.balance(LedgerAccount.balance(who.id));
const debtOf = (who: Person) => testApp.app.services.ledger.debtOf(who.id);

const notify = (notification: IncomingNotification) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/notify',
    headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
    payload: notification.rawBody,
  });

/** `key` null: no Idempotency-Key header. */
const refund = (as: Person | undefined, orderId: number, body: Record<string, unknown>, key: string | null = `key-${Math.random()}`) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/admin/rechargeOrders/${orderId}/refunds`,
    headers: { ...(as ? { 'x-auth-token': as.token } : {}), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

/** A recharge the person started and paid at the sandbox checkout (its notification delivered). */
async function paidOrder(as: Person, months = 1, fee = 3000): Promise<FlowRechargeOrder> {
  const started = await testApp.app.inject({
    method: 'POST',
    url: '/api/c/flowRecharge/nativePayNow',
    headers: { 'x-auth-token': as.token, 'idempotency-key': `order-${Math.random()}` },
    payload: { months, fee },
  });
  expect(started.statusCode, started.body).toBe(200);
  const order = data<FlowRechargeOrder>(started);
  const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign')!;
  const paid = await testApp.app.inject({ method: 'POST', url: `/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}` });
  expect(paid.statusCode, paid.body).toBe(200);
  return order;
}

async function refundRows(orderId: number) {
  return rowsOf<{ origin: string; status: string; amount_fen: string }>(
    db(),
    sql`select origin, status, amount_fen::text from payment_refunds where order_id = ${orderId} order by id`,
  );
}

async function reversals(orderNo: string): Promise<number> {
  const [row] = await rowsOf<{ count: string }>(
    db(),
    sql`select count(*)::text as count from ledger_transactions where memo = ${orderNo} and kind = 'rechargeRefund'`,
  );
  return Number(row!.count);
}

const noticesOf = async (who: Person, kind: string) =>
  data<NotificationPage>(await who.call('GET', '/api/c/notifications?pageSize=50')).list.filter((notice) => notice.kind === kind);

describe('POST /api/admin/rechargeOrders/{id}/refunds', () => {
  it('refunds half a recharge through the sandbox: the balance goes down, the order says partly refunded, the payer is told', async () => {
    const order = await paidOrder(payer);
    const before = await balanceOf(payer);
    const key = 'half-refund-1';
    const response = await refund(admin, order.id, { amountFen: 1500, reason: 'asked by the customer' }, key);
    expect(response.statusCode, response.body).toBe(200);
    const view = data<AdminRechargeOrder>(response);
    expect(view).toMatchObject({ refundedFen: 1500, refundableFen: 1500, refundState: 'partlyRefunded', status: 'paid' });
    expect(view.refunds).toMatchObject([{ origin: 'admin', status: 'succeeded', amountFen: 1500, reason: 'asked by the customer' }]);
    expect(await balanceOf(payer)).toBe(before - 1500);
    expect(await reversals(order.orderNo)).toBe(1);

    // Pressed again (the same key), concurrently too: the same refund, nothing more moves.
    const again = await Promise.all(
      Array.from({ length: 5 }, () => refund(admin, order.id, { amountFen: 1500, reason: 'asked by the customer' }, key)),
    );
    for (const answer of again) expect(answer.statusCode, answer.body).toBe(200);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await balanceOf(payer)).toBe(before - 1500);

    const notices = await noticesOf(payer, 'rechargeRefunded');
    expect(notices.filter((notice) => notice.params.orderNo === order.orderNo)).toMatchObject([{ params: { price: 1500, debt: 0 } }]);

    const orders = data<OrderPage>(await payer.call('GET', '/api/c/orders?direction=consume&type=flow'));
    expect(orders.list.find((row) => row.orderNo === order.orderNo)).toMatchObject({
      status: 'completed',
      sourceStatus: 'partlyRefunded',
      refundedFen: 1500,
    });

    // The rest, under another key: refunded in full; nothing is left to refund.
    const rest = data<AdminRechargeOrder>(await refund(admin, order.id, { amountFen: 1500, reason: 'the rest' }));
    expect(rest).toMatchObject({ refundedFen: 3000, refundableFen: 0, refundState: 'refunded' });
    const more = await refund(admin, order.id, { amountFen: 1, reason: 'one more' });
    expect(more.statusCode).toBe(409);
    expect(code(more)).toBe(PaymentErrors.refundAmountTooHigh.code);
    expect(json<{ msg: string }>(more).msg).toContain('0.00');
    const full = data<OrderPage>(await payer.call('GET', '/api/c/orders?direction=consume&type=flow'));
    expect(full.list.find((row) => row.orderNo === order.orderNo)?.sourceStatus).toBe('refunded');
  });

  it('refuses bad input: nothing, zero, above what is left, no reason, no Idempotency-Key, a key reused for another refund', async () => {
    const order = await paidOrder(other);
    const cases: [Record<string, unknown>, string | null, number, number][] = [
      [{ amountFen: 0, reason: 'zero' }, 'k-zero', 400, ErrorCode.validation],
      [{ amountFen: -5, reason: 'negative' }, 'k-neg', 400, ErrorCode.validation],
      [{ amountFen: 10.5, reason: 'fraction' }, 'k-frac', 400, ErrorCode.validation],
      [{ amountFen: 3001, reason: 'too much' }, 'k-much', 409, PaymentErrors.refundAmountTooHigh.code],
      [{ amountFen: 100 }, 'k-noreason', 400, ErrorCode.validation],
      [{ amountFen: 100, reason: '   ' }, 'k-blank', 400, PaymentErrors.refundReasonRequired.code],
      [{ amountFen: 100, reason: 'no key' }, null, 400, ErrorCode.validation],
    ];
    for (const [body, key, status, errorCode] of cases) {
      const response = await refund(admin, order.id, body, key);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(code(response)).toBe(errorCode);
    }
    expect(await refundRows(order.id)).toHaveLength(0);

    expect((await refund(admin, order.id, { amountFen: 100, reason: 'first' }, 'k-reused')).statusCode).toBe(200);
    const reused = await refund(admin, order.id, { amountFen: 200, reason: 'first' }, 'k-reused');
    expect(reused.statusCode).toBe(422);
    expect(code(reused)).toBe(ErrorCode.idempotencyKeyReused);
    expect(await refundRows(order.id)).toHaveLength(1);
  });

  it('is for admins only: the payer, another person and nobody are refused', async () => {
    const order = await paidOrder(other);
    expect((await refund(other, order.id, { amountFen: 100, reason: 'mine' })).statusCode).toBe(403);
    expect((await refund(payer, order.id, { amountFen: 100, reason: 'not mine' })).statusCode).toBe(403);
    expect((await refund(undefined, order.id, { amountFen: 100, reason: 'anyone' })).statusCode).toBe(401);
    expect(await refundRows(order.id)).toHaveLength(0);
  });

  it('refuses an order that is not paid, and one that does not exist', async () => {
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/flowRecharge/nativePayNow',
      headers: { 'x-auth-token': other.token, 'idempotency-key': `unpaid-${Math.random()}` },
      payload: { months: 3, fee: 8500 },
    });
    const pending = data<FlowRechargeOrder>(started);
    const response = await refund(admin, pending.id, { amountFen: 100, reason: 'unpaid' });
    expect(response.statusCode).toBe(409);
    expect(code(response)).toBe(PaymentErrors.refundOrderNotPaid.code);
    expect((await refund(admin, 99_999_999, { amountFen: 100, reason: 'nobody' })).statusCode).toBe(404);
  });
});

describe('a refund the balance no longer covers', () => {
  it('takes what the balance holds, books the rest as debt, which the next recharge settles first; lease time waits', async () => {
    const order = await paidOrder(spender);
    const start = await balanceOf(spender);
    // The person spent most of it (a day of traffic): 2,500 fen left the balance.
    await testApp.app.services.ledger.openSystemAccount(LedgerAccount.revenue('traffic'));
    await testApp.app.services.ledger.post({
      reference: `test-spend-${order.orderNo}`,
      kind: 'trafficBill',
      entries: [
        { account: LedgerAccount.balance(spender.id), amount: -2500 },
        { account: LedgerAccount.revenue('traffic'), amount: 2500 },
      ],
    });
    expect(await balanceOf(spender)).toBe(start - 2500);

    const held = start - 2500;
    const response = await refund(admin, order.id, { amountFen: 3000, reason: 'chargeback' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await balanceOf(spender)).toBe(0);
    expect(await debtOf(spender)).toBe(3000 - held);
    const notice = (await noticesOf(spender, 'rechargeRefunded')).find((item) => item.params.orderNo === order.orderNo);
    expect(notice?.params).toMatchObject({ price: 3000, debt: 3000 - held });

    const lease = await spender.call('POST', `/api/client/${spender.uid}/purchaseTimeBalance`, { months: 1 });
    expect(lease.statusCode, lease.body).toBe(409);
    expect(code(lease)).toBe(PaymentErrors.debtOpen.code);

    await paidOrder(spender);
    expect(await debtOf(spender)).toBe(0);
    expect(await balanceOf(spender)).toBe(3000 - (3000 - held));
  });
});

describe('refunds the site did not ask for', () => {
  it('books a refund made in the provider’s portal once, however often its notification arrives at once, and tells the admins', async () => {
    const order = await paidOrder(other, 3, 8500);
    const before = await balanceOf(other);
    const notification = await sandbox().portalRefund(order.orderNo, 2000);
    const answers = await Promise.all(Array.from({ length: 15 }, () => notify(notification)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await refundRows(order.id)).toEqual([{ origin: 'provider', status: 'succeeded', amount_fen: '2000' }]);
    expect(await reversals(order.orderNo)).toBe(1);
    expect(await balanceOf(other)).toBe(before - 2000);
    const adminNotices = (await noticesOf(admin, 'refundFoundAtProvider')).filter((notice) => notice.params.orderNo === order.orderNo);
    expect(adminNotices).toHaveLength(1);
  });

  it('finds a portal refund whose notification was lost in reconciliation, and books it the same way', async () => {
    const order = await paidOrder(other);
    const before = await balanceOf(other);
    await sandbox().portalRefund(order.orderNo, 3000); // the notification never arrives
    await testApp.app.services.recharge.reconcile();
    expect(await refundRows(order.id)).toEqual([{ origin: 'provider', status: 'succeeded', amount_fen: '3000' }]);
    expect(await balanceOf(other)).toBe(before - 3000);
    await testApp.app.services.refunds.checkProviderRefunds((await orderRow(order.id))!);
    expect(await reversals(order.orderNo)).toBe(1);
  });

  it('refunds a second payment of the same order whole and automatically, and books nothing of it', async () => {
    const order = await paidOrder(other);
    const before = await balanceOf(other);
    const second = await sandbox().payAgain(order.orderNo);
    const answers = await Promise.all(Array.from({ length: 3 }, () => notify(second)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(await refundRows(order.id)).toEqual([{ origin: 'duplicatePayment', status: 'succeeded', amount_fen: '3000' }]);
    expect(await balanceOf(other)).toBe(before);
    expect(await reversals(order.orderNo)).toBe(0);
    const view = (await adminOrders(order.orderNo))[0]!;
    expect(view).toMatchObject({ refundedFen: 0, refundableFen: 3000, refundState: 'none' });
    expect((await noticesOf(admin, 'duplicatePaymentRefunded')).some((notice) => notice.params.orderNo === order.orderNo)).toBe(true);
  });
});

const orderRow = (id: number) => new RefundsRepository(db()).findOrder(id);

const adminOrders = async (keyword: string) =>
  data<Page<AdminRechargeOrder>>(await admin.call('GET', `/api/admin/rechargeOrders?keyword=${encodeURIComponent(keyword)}`)).list;

describe('GET /api/admin/rechargeOrders', () => {
  it('lists recharge orders with their payer and refunds, by order number or payer, to admins only', async () => {
    const order = await paidOrder(payer);
    expect((await adminOrders(order.orderNo)).map((row) => row.orderNo)).toEqual([order.orderNo]);
    const byPayer = await adminOrders(payer.uid);
    expect(byPayer.length).toBeGreaterThan(0);
    expect(byPayer.every((row) => row.payer.id === payer.id)).toBe(true);
    expect(byPayer[0]!.payer.name).toBe('Refund payer');
    const paidOnly = data<Page<AdminRechargeOrder>>(await admin.call('GET', '/api/admin/rechargeOrders?status=paid&pageSize=100')).list;
    expect(paidOnly.every((row) => row.status === 'paid')).toBe(true);
    expect((await payer.call('GET', '/api/admin/rechargeOrders')).statusCode).toBe(403);
    expect((await admin.call('GET', '/api/admin/rechargeOrders?pageSize=500')).statusCode).toBe(400);
  });
});
