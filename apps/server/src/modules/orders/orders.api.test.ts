import {
  ErrorCode,
  Role,
  type FlowRechargeOrder,
  type IncomeStat,
  type OrderPage,
  type OrderRecord,
  type WorkTransfer,
  AuthErrors,
  OrderErrors,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessCalendar } from '../../lib/business-time.js';
import { addDays } from '../../lib/day-range.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { createWork, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import type { OrderSource } from './order-sources.js';
import { OrdersService } from './orders.service.js';

let testApp: TestApp;
let buyer: Person;
let seller: Person;
let merchant: Person;
let stranger: Person;
let nobody: Person;
let admin: Person;
let paid: FlowRechargeOrder;
let pending: FlowRechargeOrder;
let closed: FlowRechargeOrder;
let sale: WorkTransfer;

// Order dates are business days (Beijing's).
const today = () => new BusinessCalendar('Asia/Shanghai').today(Date.now());
const yesterday = () => addDays(today(), -1);
const orders = async (as: Person, query: string) => {
  const response = await as.call('GET', `/api/c/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<OrderPage>(response);
};
const signOf = (order: FlowRechargeOrder) => new URL(order.codeUrl, 'http://site').searchParams.get('sign')!;

async function startRecharge(as: Person, months: number, fee: number): Promise<FlowRechargeOrder> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/c/flowRecharge/nativePayNow',
    headers: { 'auth-token': as.token, 'x-auth-token': as.token, 'idempotency-key': `orders-${Math.random()}` },
    payload: { months, fee },
  });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<FlowRechargeOrder>(response);
}

/** Pays an order on the sandbox's test checkout, as a person scanning its QR code does. */
async function payInSandbox(order: FlowRechargeOrder): Promise<void> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${signOf(order)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The order's code runs out unpaid (its times moved back), and the reconciliation job closes it. */
async function expireUnpaid(order: FlowRechargeOrder): Promise<void> {
  const { database, recharge } = testApp.app.services;
  await database.db.execute(
    sql`update payment_orders set created_at = created_at - interval '40 seconds', expires_at = now() - interval '1 minute' where id = ${order.id}`,
  );
  expect(await recharge.reconcile()).toMatchObject({ closed: 1 });
}

beforeAll(async () => {
  ({ testApp, buyer, seller, merchant, stranger, nobody, admin } = await appWithPeople({
    buyer: { name: 'Buyer' },
    seller: { name: 'Seller' },
    merchant: { roles: [Role.merchant] },
    stranger: {},
    nobody: { roles: [] },
    admin: { roles: [Role.admin] },
  }));
  // The buyer leaves three months of flow unpaid until the code expires, pays a month, and starts six months.
  closed = await startRecharge(buyer, 3, 8500);
  await expireUnpaid(closed);
  paid = await startRecharge(buyer, 1, 3000);
  await payInSandbox(paid);
  pending = await startRecharge(buyer, 6, 16000);
  // The seller sells a work to the buyer, who pays it from the recharge.
  const work = await createWork(seller, { name: '江景样板间' });
  const sold = await seller.call(
    'POST',
    `/api/model/${work.uid}/sellTo`,
    `phoneOrCode=${buyer.phone}&sellingPrice=12.5&remark=${encodeURIComponent('含讲解')}`,
  );
  sale = dataOf<WorkTransfer>(sold);
  expect((await buyer.call('POST', `/api/transfers/${sale.id}/confirm`)).statusCode).toBe(200);
});
afterAll(() => testApp.close());

describe('GET /api/c/orders', () => {
  it('lists the caller’s flow recharges, newest first, with the totals of all that match', async () => {
    const page = await orders(buyer, 'direction=consume&type=flow&pageNum=1&pageSize=2');
    expect(page.total).toBe(3);
    expect(page.list.map((order) => order.orderNo)).toEqual([pending.orderNo, paid.orderNo]);
    expect(page.totals).toEqual({ count: 3, amountFen: 3000, completedCount: 1 });
    expect(page.list[0]).toMatchObject({
      type: 'flow',
      item: { kind: 'flow', months: 6 },
      counterpart: null,
      provider: 'sandbox',
      amountFen: 16000,
      status: 'pending',
      sourceStatus: 'pending',
      completedAt: null,
    });
    expect(page.list[1]).toMatchObject({ status: 'completed', sourceStatus: 'paid', completedAt: expect.any(Number) });
    const second = await orders(buyer, 'direction=consume&type=flow&pageNum=2&pageSize=2');
    expect(second.list).toEqual([expect.objectContaining({ orderNo: closed.orderNo, status: 'closed', sourceStatus: 'closed' })]);
    expect(second.totals).toEqual(page.totals);
  });

  it('filters by status and by days, totals included', async () => {
    const completed = await orders(buyer, 'direction=consume&type=flow&status=completed');
    expect(completed.list.map((order) => order.orderNo)).toEqual([paid.orderNo]);
    expect(completed.totals).toEqual({ count: 1, amountFen: 3000, completedCount: 1 });
    const open = await orders(buyer, 'direction=consume&type=flow&status=pending');
    expect(open.totals).toEqual({ count: 1, amountFen: 0, completedCount: 0 });
    expect((await orders(buyer, `direction=consume&type=flow&startTime=${today()}&endTime=${today()}`)).total).toBe(3);
    expect((await orders(buyer, `direction=consume&type=flow&endTime=${yesterday()}`)).total).toBe(0);
    expect((await orders(buyer, `direction=consume&type=flow&startTime=${today()}`)).total).toBe(3);
    expect((await orders(buyer, 'direction=consume&type=flow&status=&startTime=&endTime=')).total).toBe(3);
  });

  it('lists a targeted sale as the buyer’s purchase and the seller’s income', async () => {
    const bought = await orders(buyer, 'direction=consume&type=orientation');
    expect(bought.list).toHaveLength(1);
    const order = bought.list[0]!;
    expect(order).toMatchObject({
      id: `orientation:${sale.id}`,
      type: 'orientation',
      item: { kind: 'work', workName: '江景样板间', workUid: sale.work.uid },
      counterpart: { uid: seller.uid, name: 'Seller' },
      provider: null,
      amountFen: 1250,
      status: 'completed',
      sourceStatus: 'confirmed',
    });
    expect(order.orderNo).toMatch(/^T\d{8}\d{6}$/);
    expect(bought.totals).toEqual({ count: 1, amountFen: 1250, completedCount: 1 });

    const sold = await orders(seller, 'direction=income&type=orientation');
    expect(sold.list).toEqual([{ ...order, counterpart: { uid: buyer.uid, name: 'Buyer' } }]);
    expect((await orders(seller, 'direction=consume&type=orientation')).total).toBe(0);
    expect((await orders(buyer, 'direction=income&type=orientation')).total).toBe(0);
  });

  it('shows nobody else’s orders', async () => {
    for (const query of ['direction=consume&type=flow', 'direction=consume&type=orientation', 'direction=income&type=orientation']) {
      expect(await orders(stranger, query)).toMatchObject({ list: [], total: 0, totals: { count: 0, amountFen: 0 } });
    }
  });

  it('answers an empty page for the kinds of order that do not exist yet', async () => {
    for (const query of ['direction=consume&type=market', 'direction=income&type=market', 'direction=income&type=serviceProvider']) {
      expect(await orders(buyer, query)).toEqual({
        list: [],
        total: 0,
        pageNum: 1,
        pageSize: 10,
        totals: { count: 0, amountFen: 0, completedCount: 0 },
      });
    }
  });

  it('keeps the service-provider purchases to merchants (spec 2.4), admins passing', async () => {
    const refused = await buyer.call('GET', '/api/c/orders?direction=consume&type=serviceProvider');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe(AuthErrors.missingRole.code);
    expect((await merchant.call('GET', '/api/c/orders?direction=consume&type=serviceProvider')).statusCode).toBe(200);
    expect((await admin.call('GET', '/api/c/orders?direction=consume&type=serviceProvider')).statusCode).toBe(200);
    expect((await merchant.call('GET', '/api/c/orders?direction=income&type=serviceProvider')).statusCode).toBe(200);
  });

  it('refuses callers without permission 162, and anonymous ones', async () => {
    const refused = await nobody.call('GET', '/api/c/orders?direction=consume&type=flow');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe(AuthErrors.missingPermission.code);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/c/orders?direction=consume&type=flow' })).statusCode).toBe(401);
  });

  it('refuses bad filters with a message naming what is wrong', async () => {
    const reversed = await buyer.call('GET', `/api/c/orders?direction=consume&type=flow&startTime=${today()}&endTime=${yesterday()}`);
    expect(reversed.statusCode).toBe(400);
    expect(json(reversed)).toMatchObject({ code: OrderErrors.dateRangeReversed.code, msg: expect.stringContaining(today()) });
    const noSuchDay = await buyer.call('GET', '/api/c/orders?direction=consume&type=flow&startTime=2026-02-30');
    expect(json(noSuchDay)).toMatchObject({ code: ErrorCode.validation, msg: expect.stringContaining('startTime') });
    const format = await buyer.call('GET', '/api/c/orders?direction=consume&type=flow&endTime=27.11.2026');
    expect(json(format)).toMatchObject({ code: ErrorCode.validation, msg: expect.stringContaining('endTime') });
    const kind = await buyer.call('GET', '/api/c/orders?direction=income&type=flow');
    expect(kind.statusCode).toBe(400);
    expect(json(kind).code).toBe(OrderErrors.orderTypeNotInDirection.code);
    for (const query of [
      'direction=sideways&type=flow',
      'direction=consume',
      'direction=consume&type=flow&status=paid',
      'direction=consume&type=flow&pageSize=101',
    ]) {
      const response = await buyer.call('GET', `/api/c/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json(response).code, query).toBe(ErrorCode.validation);
    }
  });
});

describe('GET /api/c/orders/export', () => {
  const exportOf = (as: Person, query: string, language?: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/c/orders/export?${query}`,
      headers: { 'auth-token': as.token, 'x-auth-token': as.token, ...(language ? { cookie: `language=${language}` } : {}) },
    });

  it('answers the matching orders as CSV with a BOM, headers in the caller’s language and yuan', async () => {
    const response = await exportOf(buyer, `direction=consume&type=flow&startTime=${today()}&endTime=${today()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="orders-consume-flow-${today()}_${today()}.csv"`);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('订单号,商品,交易对方,金额（元）,状态,下单时间（UTC）,完成时间（UTC）');
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toBe('');
    const paidLine = lines.find((line) => line.startsWith(paid.orderNo))!;
    expect(paidLine).toMatch(
      new RegExp(
        `^${paid.orderNo},流量余额充值（1 个月套餐）,测试支付（沙箱）,30\\.00,已支付,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{4}-`,
      ),
    );
    expect(lines.find((line) => line.startsWith(pending.orderNo))).toMatch(/,160\.00,待支付,[^,]+,$/);

    const english = await exportOf(seller, 'direction=income&type=orientation', 'en');
    expect(english.headers['content-disposition']).toBe('attachment; filename="orders-income-orientation-all.csv"');
    const [header, row] = english.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Order no.,Item,Counterpart,Amount (CNY),Status,Placed at (UTC),Completed at (UTC)');
    expect(row).toMatch(/^T\d{14},江景样板间,Buyer,12\.50,Completed,/);
  });

  it('exports only what the filters match, and refuses what the list refuses', async () => {
    const completed = await exportOf(buyer, 'direction=consume&type=flow&status=completed', 'en');
    expect(completed.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const empty = await exportOf(stranger, 'direction=consume&type=flow');
    expect(empty.body.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect((await exportOf(buyer, 'direction=consume&type=serviceProvider')).statusCode).toBe(403);
    expect((await exportOf(nobody, 'direction=consume&type=flow')).statusCode).toBe(403);
    const reversed = await exportOf(buyer, `direction=consume&type=flow&startTime=${today()}&endTime=${yesterday()}`, 'en');
    expect(reversed.statusCode).toBe(400);
    expect(json(reversed)).toMatchObject({ code: OrderErrors.dateRangeReversed.code, msg: expect.stringContaining('after the end date') });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/c/orders/export?direction=consume&type=flow' })).statusCode).toBe(401);
  });

  it('refuses more than 10,000 orders rather than cut them off', async () => {
    const many = Array.from({ length: 10_001 }, (_, index) => ({ id: `flow:${index}` }) as OrderRecord);
    const source: OrderSource = { list: async () => ({ rows: many, total: 12_345, completed: { count: 0, amountFen: 0 } }) };
    const service = new OrdersService({ consume: { flow: source }, income: {} });
    await expect(service.exportCsv({ id: 1, roles: [], menus: [] }, { direction: 'consume', type: 'flow' }, 'en')).rejects.toMatchObject({
      code: OrderErrors.orderExportTooLarge.code,
      params: { count: 12_345, max: 10_000 },
    });
  });
});

describe('GET /api/revenue/stat', () => {
  const stat = async (as: Person, query = '') => {
    const response = await as.call('GET', `/api/revenue/stat${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<IncomeStat>(response);
  };

  it('sums the seller’s income of the last 30 days by source and by day, with the records', async () => {
    const income = await stat(seller);
    expect(income.endTime).toBe(today());
    expect(income.byDay).toHaveLength(30);
    expect(income.byDay[0]!.day).toBe(income.startTime);
    expect(income.byDay.at(-1)).toEqual({ day: today(), amountFen: 1250 });
    expect(income.byDay.filter((day) => day.amountFen === 0)).toHaveLength(29);
    expect(income).toMatchObject({
      totalFen: 1250,
      withdrawableFen: 1250,
      bySource: [{ source: 'orientation', amountFen: 1250, count: 1 }],
      records: { total: 1, pageNum: 1, pageSize: 10 },
    });
    expect(income.records.list[0]).toMatchObject({ source: 'orientation', amountFen: 1250, description: '江景样板间' });
  });

  it('counts neither purchases nor recharges as income, and a withdrawal leaves the income but lowers what can be withdrawn', async () => {
    expect(await stat(buyer)).toMatchObject({ totalFen: 0, withdrawableFen: 0, bySource: [], records: { list: [], total: 0 } });
    const { ledger } = testApp.app.services;
    await ledger.openSystemAccount('system:payouts:test');
    await ledger.post({
      reference: `test-withdrawal-${seller.id}`,
      kind: 'withdrawal',
      entries: [
        { account: LedgerAccount.income(seller.id), amount: -250 },
        { account: 'system:payouts:test', amount: 250 },
      ],
    });
    expect(await stat(seller)).toMatchObject({ totalFen: 1250, withdrawableFen: 1000, records: { total: 1 } });
  });

  it('takes a range of days, both included', async () => {
    const one = await stat(seller, `?startTime=${today()}&endTime=${today()}`);
    expect(one.byDay).toEqual([{ day: today(), amountFen: 1250 }]);
    const before = await stat(seller, `?endTime=${yesterday()}`);
    expect(before).toMatchObject({ totalFen: 0, endTime: yesterday(), records: { total: 0 } });
    expect(before.byDay).toHaveLength(30);
    const year = await stat(seller, '?startTime=2025-01-01&endTime=2026-01-01');
    expect(year.byDay).toHaveLength(366);
    expect((await stat(seller, '?pageNum=2&pageSize=1')).records.list).toEqual([]);
  });

  it('refuses more than 366 days, a reversed range, and callers without permission 37', async () => {
    const long = await seller.call('GET', '/api/revenue/stat?startTime=2025-01-01&endTime=2026-01-02');
    expect(long.statusCode).toBe(400);
    expect(json(long)).toMatchObject({ code: OrderErrors.dateRangeTooLong.code, msg: expect.stringContaining('367') });
    const reversed = await seller.call('GET', '/api/revenue/stat?startTime=2026-01-02&endTime=2026-01-01');
    expect(json(reversed).code).toBe(OrderErrors.dateRangeReversed.code);
    expect(json(await seller.call('GET', '/api/revenue/stat?startTime=2026-13-01')).code).toBe(ErrorCode.validation);
    // A malformed end alone (the start is counted back from it) is refused, not a 500.
    expect((await seller.call('GET', '/api/revenue/stat?endTime=5343-68-43')).statusCode).toBe(400);
    const refused = await nobody.call('GET', '/api/revenue/stat');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe(AuthErrors.missingPermission.code);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/revenue/stat' })).statusCode).toBe(401);
  });
});
