import {
  Permission,
  Role,
  TEAM_DEFAULT_SETTINGS,
  TeamErrors,
  type FlowRechargeOrder,
  type Page,
  type TeamOverview,
  type TeamRevenuePage,
  type TeamRevenueStat,
  type TeamSettings,
  type TeamSubordinate,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { fundBalance } from '../../test/income.js';
import { boughtListing, listedWork } from '../../test/market-fixtures.js';
import { json, signIn, type TestApp } from '../../test/test-app.js';
import { withToken, type Person } from '../../test/works-fixtures.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { LedgerAccount } from '../ledger/index.js';
import { TeamRepository } from './team.repository.js';
import { TEAM_PENDING_ACCOUNT, TeamService } from './team.service.js';

let testApp: TestApp;
let admin: Person;
let root: Person;
let stranger: Person;
let seller: Person;
/** root ← a ← b ← c: a is root's first level, b its second, c is nothing of root's. */
let a: Person;
let b: Person;
let c: Person;

const services = () => testApp.app.services;
const db = () => services().database.db;
const data = <T>(response: LightMyRequestResponse) => json<{ data: T }>(response).data;
const codeOf = (response: LightMyRequestResponse) => json<{ code: number }>(response).code;
const DAY_MS = 86_400_000;
let invitations = 0;

/** Someone registered with `superior`'s invite code (as accounts' registration does), signed in, with the team permission. */
async function invited(superior: Person, name: string, menus: number[] = [Permission.team]): Promise<Person> {
  invitations += 1;
  const phone = `137${String(process.pid % 10_000).padStart(4, '0')}${String(invitations).padStart(4, '0')}`;
  const password = 'Secret#2026';
  const created = await services().users.createUser({
    phone,
    password,
    fullName: name,
    roles: [Role.customer],
    permissionIds: menus,
    invitedByUserId: superior.id,
  });
  const user = { ...created, phone, password };
  return withToken(testApp.app, user, await signIn(testApp.app, user));
}

/** A flow recharge paid at the sandbox checkout. */
async function recharge(as: Person, months = 1, fee = 3000): Promise<FlowRechargeOrder> {
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

/** Pays a QR payment order (a purchase's or a service order's) at the sandbox checkout, as the payer would. */
async function payAtSandboxCheckout(order: { orderNo: string; codeUrl: string }): Promise<void> {
  const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign')!;
  const paid = await testApp.app.inject({ method: 'POST', url: `/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}` });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function refundRecharge(order: FlowRechargeOrder, amountFen: number): Promise<void> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/admin/rechargeOrders/${order.id}/refunds`,
    headers: { 'x-auth-token': admin.token, 'idempotency-key': `refund-${Math.random()}` },
    payload: { amountFen, reason: 'asked by the customer' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const overview = async (as: Person) => data<TeamOverview>(await as.call('GET', '/api/c/team/statOverview'));
const flows = async (as: Person, query = '') => data<TeamRevenuePage>(await as.call('GET', `/api/c/flowTgRevenues?${query}`));
const projects = async (as: Person, query = '') => data<TeamRevenuePage>(await as.call('GET', `/api/c/projectTgRevenues?${query}`));
const incomeOf = (who: Person) => services().ledger.balance(LedgerAccount.income(who.id));

/** The team service on a clock `aheadMs` ahead: the release job as it runs later. */
function teamLater(aheadMs: number): TeamService {
  const { database, ledger, adminLog, logger } = services();
  return new TeamService({
    repository: new TeamRepository(database.db),
    ledger,
    adminLog,
    calendar: new BusinessCalendar(),
    log: logger,
    now: () => Date.now() + aheadMs,
  });
}

async function ledgerSum(): Promise<number> {
  const [row] = await rowsOf<{ sum: string | null }>(db(), sql`select coalesce(sum(amount), 0)::text as sum from ledger_entries`);
  return Number(row!.sum);
}

beforeAll(async () => {
  ({ testApp, admin, root, stranger, seller } = await appWithPeople({
    admin: { roles: [Role.admin], name: 'Admin' },
    root: { name: 'Root', menus: [Permission.team] },
    stranger: { name: 'Stranger' },
    seller: { name: 'Seller' },
  }));
  a = await invited(root, 'Alice');
  b = await invited(a, 'Bob');
  c = await invited(b, 'Carol');
});
afterAll(() => testApp.close());

describe('the team (docs/team.md)', () => {
  it('counts each level from the invitations, never a third, and gives the invite code; a sign-up pays nobody', async () => {
    const mine = await overview(root);
    expect(mine).toMatchObject({ firstLevelCount: 1, secondLevelCount: 1, totalFen: 0, todayFen: 0, monthFen: 0, pendingFen: 0 });
    expect(mine.settings).toEqual(TEAM_DEFAULT_SETTINGS);
    const [me] = await rowsOf<{ invite_code: string }>(db(), sql`select invite_code from users where id = ${root.id}`);
    expect(mine.inviteCode).toBe(me!.invite_code);
    expect(await overview(a)).toMatchObject({ firstLevelCount: 1, secondLevelCount: 1 });
    expect(await overview(c)).toMatchObject({ firstLevelCount: 0, secondLevelCount: 0 });
    // A person counted before (a row exists) counts the next registration too.
    const d = await invited(a, 'Dan');
    expect(await overview(a)).toMatchObject({ firstLevelCount: 2, secondLevelCount: 1 });
    expect(await overview(root)).toMatchObject({ firstLevelCount: 1, secondLevelCount: 2 });
    expect(await services().ledger.balance(LedgerAccount.income(a.id))).toBe(0);
    expect(d.id).toBeGreaterThan(0);
  });

  it('rewards both levels of a paid recharge, once however often it is told, pending until the window passes', async () => {
    const order = await recharge(b, 1, 3000);
    const first = await flows(a);
    expect(first.list).toMatchObject([
      {
        level: 1,
        kind: 'flow',
        source: 'flowRecharge',
        paidFen: 3000,
        amountFen: 300,
        status: 'pending',
        orderNo: order.orderNo,
        payer: { name: 'Bob' },
      },
    ]);
    expect(first.sumFen).toBe(300);
    expect((await flows(root)).list).toMatchObject([{ level: 2, amountFen: 150, basisPoints: 500 }]);
    // Told again (a replayed event): nothing more.
    await db().transaction((tx) =>
      services().team.paid(
        'flowRecharge',
        { reference: `flowRecharge:${order.orderNo}`, orderNo: order.orderNo, payerUserId: b.id, amountFen: 3000, paidAt: Date.now() },
        tx,
      ),
    );
    expect((await flows(a)).total).toBe(1);
    expect(await overview(a)).toMatchObject({ todayFen: 300, monthFen: 300, totalFen: 300, pendingFen: 300 });
    expect(await overview(root)).toMatchObject({ totalFen: 150, pendingFen: 150 });
    expect(await services().ledger.balance(TEAM_PENDING_ACCOUNT)).toBeGreaterThanOrEqual(450);
    expect(await incomeOf(a)).toBe(0);

    // c's recharge reaches b and a, never root (a third level).
    await recharge(c, 1, 3000);
    expect((await flows(root)).total).toBe(1);
    expect((await flows(a)).list[0]).toMatchObject({ level: 2, amountFen: 150, payer: { name: 'Carol' } });
    expect(await ledgerSum()).toBe(0);
  });

  it('a refund shrinks the rewards to the rate of what stays paid; once released, a refund takes it back from income, as debt where spent', async () => {
    const order = await recharge(b, 12, 30000);
    await refundRecharge(order, 10000);
    const [reward] = (await flows(a)).list.filter((item) => item.orderNo === order.orderNo);
    expect(reward).toMatchObject({ paidFen: 30000, refundedFen: 10000, amountFen: 2000, status: 'pending' });
    expect((await flows(root)).list.find((item) => item.orderNo === order.orderNo)).toMatchObject({ amountFen: 1000 });

    // The window passes: every pending reward becomes a's income.
    const before = await incomeOf(a);
    await teamLater(TEAM_DEFAULT_SETTINGS.pendingDays * DAY_MS + 60_000).releaseDue();
    const released = await incomeOf(a);
    expect(released - before).toBe((await overview(a)).totalFen);
    expect((await flows(a)).list.every((item) => item.status === 'withdrawable')).toBe(true);
    expect((await overview(a)).pendingFen).toBe(0);
    // The income page counts released rewards under their own source, each named by its payment's order.
    const income = await services().income.stat(a.id, { pageNum: 1, pageSize: 50 });
    expect(income.bySource.find((sum) => sum.source === 'team')?.amountFen).toBe(released - before);
    expect(income.records.list.filter((record) => record.source === 'team').map((record) => record.description)).toContain(order.orderNo);

    // a spends (withdraws) all of the income, then the rest is refunded: the reward goes back as a debt on a.
    await services().ledger.openSystemAccount(LedgerAccount.withdrawalsPending);
    await services().ledger.post({
      reference: `test:withdraw:${a.id}`,
      kind: 'withdrawal',
      entries: [
        { account: LedgerAccount.income(a.id), amount: -released },
        { account: LedgerAccount.withdrawalsPending, amount: released },
      ],
    });
    await refundRecharge(order, 20000);
    expect((await flows(a)).list.find((item) => item.orderNo === order.orderNo)).toMatchObject({
      amountFen: 0,
      status: 'reversed',
      refundedFen: 30000,
    });
    expect(await services().ledger.debtOf(a.id)).toBe(2000);
    // The next reward released settles the debt first.
    await recharge(b, 12, 30000);
    await teamLater(TEAM_DEFAULT_SETTINGS.pendingDays * DAY_MS + 60_000).releaseDue();
    expect(await services().ledger.debtOf(a.id)).toBe(0);
    expect(await incomeOf(a)).toBe(3000 - 2000);
    expect(await ledgerSum()).toBe(0);
  });

  it('rewards a flow recharge the team missed when the provider tells it again, and only once', async () => {
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/flowRecharge/nativePayNow',
      headers: { 'x-auth-token': b.token, 'idempotency-key': `order-${Math.random()}` },
      payload: { months: 1, fee: 3000 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const order = data<FlowRechargeOrder>(started);
    const notification = (await services().sandboxPay!.pay(
      order.orderNo,
      new URL(order.codeUrl, 'http://site').searchParams.get('sign')!,
    ))!;
    const notify = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/notify',
        headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
        payload: notification.rawBody,
      });
    const rewardsOfOrder = async () => (await flows(a, 'pageSize=100')).list.filter((item) => item.orderNo === order.orderNo);
    // The team cannot be told (its transaction fails): the payment is booked, the notification not acknowledged.
    const recharge = services().recharge as unknown as { events?: unknown };
    const events = recharge.events;
    recharge.events = { publish: () => Promise.reject(new Error('the database went away')) };
    try {
      expect((await notify()).statusCode).not.toBe(200);
    } finally {
      recharge.events = events;
    }
    expect(await rewardsOfOrder()).toEqual([]);
    // The provider's retry finds the order booked and tells the team; more retries book nothing more.
    expect((await notify()).statusCode).toBe(200);
    expect((await notify()).statusCode).toBe(200);
    expect(await rewardsOfOrder()).toMatchObject([{ level: 1, paidFen: 3000, amountFen: 300 }]);
    expect(await ledgerSum()).toBe(0);
  });

  it('rewards the part of a market purchase paid by QR as project revenue, not the balance’s, and reverses it with the refund', async () => {
    // What b's balance holds (rewarded when it was recharged) and 20.00 more pay part; 30.00 comes by the sandbox QR.
    await fundBalance(testApp.app, b.id, 2000);
    const fromBalanceFen = await services().ledger.balance(LedgerAccount.balance(b.id));
    const { listing } = await listedWork(testApp.app, seller, { admin, price: ((fromBalanceFen + 3000) / 100).toFixed(2) });
    const started = await b.call('POST', `/api/market/listings/${listing.id}/purchase`, { method: 'sandbox' });
    expect(started.statusCode, started.body).toBe(200);
    const order = data<{ order: { orderNo: string; amountFen: number; codeUrl: string } }>(started).order;
    expect(order.amountFen).toBe(3000);
    await payAtSandboxCheckout(order);
    const bought = (await projects(a)).list;
    expect(bought).toMatchObject([{ kind: 'project', source: 'market', level: 1, paidFen: 3000, amountFen: 300, status: 'pending' }]);
    expect((await projects(root)).list).toMatchObject([{ level: 2, amountFen: 150 }]);
    expect((await flows(a)).list.some((item) => item.source === 'market')).toBe(false);
    const [purchase] = await rowsOf<{ id: number | string }>(db(), sql`select id from market_purchases where order_no = ${order.orderNo}`);
    const refunded = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/market/purchases/${purchase!.id}/refund`,
      headers: { 'x-auth-token': admin.token, 'idempotency-key': `refund-${purchase!.id}` },
      payload: { reason: 'bought twice' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await projects(a)).list).toMatchObject([{ amountFen: 0, status: 'reversed', refundedFen: 3000 }]);
    expect(await ledgerSum()).toBe(0);
  });

  it('rewards nothing for a market purchase paid wholly from the balance', async () => {
    const { listing } = await listedWork(testApp.app, seller, { admin, price: '12.00' });
    const before = (await projects(a)).list.length;
    await boughtListing(testApp.app, b, listing);
    expect((await projects(a)).list).toHaveLength(before);
  });

  it('rewards a service order part paid by QR as project revenue, not one paid from the balance, and reverses it when the order is cancelled', async () => {
    const rule = await admin.call('PUT', '/api/admin/serviceOrder/priceRules/panoramaTour', {
      pricePerSiteFen: 10_000,
      pricePerM2Fen: 500,
      minimumFen: 30_000,
      depositBps: 3000,
      enabled: true,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const place = async (title: string) => {
      const placed = await b.call('POST', '/api/c/serviceOrder', {
        requirementType: 'panoramaTour',
        title,
        phone: '13912345678',
        provinceCode: '31',
        city: '上海',
        address: '黄浦区中山东一路 1 号',
        latitude: 31.24,
        longitude: 121.49,
        pricing: 'sites',
        siteCount: 10,
        appointmentAt: Date.now() + 3 * DAY_MS,
      });
      expect(placed.statusCode, placed.body).toBe(200);
      return data<{ id: number; orderNo: string; priceFen: number }>(placed);
    };
    const mine = (orderNo: string) => projects(a).then((page) => page.list.find((item) => item.orderNo === orderNo));

    const fromBalance = await place('江景样板间（余额）');
    await fundBalance(testApp.app, b.id, fromBalance.priceFen);
    const paid = await b.call('POST', `/api/c/serviceOrder/${fromBalance.id}/pay`, { part: 'whole', method: 'balance' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await mine(fromBalance.orderNo)).toBeUndefined();

    const byQr = await place('江景样板间');
    const started = await b.call('POST', `/api/c/serviceOrder/${byQr.id}/pay`, { part: 'whole', method: 'sandbox' });
    expect(started.statusCode, started.body).toBe(200);
    await payAtSandboxCheckout(data<{ payment: { orderNo: string; codeUrl: string } }>(started).payment);
    expect(await mine(byQr.orderNo)).toMatchObject({
      source: 'serviceOrder',
      level: 1,
      paidFen: byQr.priceFen,
      amountFen: byQr.priceFen / 10,
    });
    const cancelled = await b.call('POST', `/api/c/serviceOrder/${byQr.id}/cancel`, { reason: '改期' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await mine(byQr.orderNo)).toMatchObject({ amountFen: 0, status: 'reversed', refundedFen: byQr.priceFen });
    expect(await ledgerSum()).toBe(0);
  });

  it('lists each level with each person’s contribution, searchable, by superior code; checks its input', async () => {
    const first = data<Page<TeamSubordinate>>(await root.call('GET', '/api/c/firstSubordinates'));
    expect(first.list).toMatchObject([{ uid: a.uid, name: 'Alice', superior: { uid: root.uid }, subordinateCount: 2 }]);
    expect(first.list[0]!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const second = data<Page<TeamSubordinate>>(await root.call('GET', '/api/c/secondSubordinates?pageSize=50'));
    expect(second.total).toBe(2);
    const bob = second.list.find((item) => item.uid === b.uid)!;
    expect(bob.superior).toMatchObject({ uid: a.uid, name: 'Alice' });
    expect(bob.contributionFen).toBe((await flows(root, 'pageSize=100')).sumFen + (await projects(root)).sumFen);
    expect(second.list.some((item) => item.uid === c.uid)).toBe(false);
    const aliceCode = (await overview(a)).inviteCode;
    expect(
      data<Page<TeamSubordinate>>(await root.call('GET', `/api/c/secondSubordinates?superiorCode=${aliceCode}&q=bo`)).list,
    ).toMatchObject([{ uid: b.uid }]);
    expect(data<Page<TeamSubordinate>>(await root.call('GET', '/api/c/firstSubordinates?q=nobody')).total).toBe(0);
    expect(data<Page<TeamSubordinate>>(await root.call('GET', `/api/c/firstSubordinates?superiorCode=${aliceCode}`)).total).toBe(0);
    const unknown = await root.call('GET', '/api/c/secondSubordinates?superiorCode=ZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(codeOf(unknown)).toBe(TeamErrors.teamSuperiorNotInTeam.code);
    expect((await root.call('GET', '/api/c/firstSubordinates?pageSize=0')).statusCode).toBe(400);
    expect((await root.call('GET', '/api/c/firstSubordinates?pageNum=x')).statusCode).toBe(400);
  });

  it('answers the revenue lists by range, and the charts by day and by month; refuses bad ranges', async () => {
    const today = (await overview(a)).today;
    expect((await flows(a, `startTime=${today}&endTime=${today}`)).total).toBeGreaterThan(0);
    expect((await flows(a, 'startTime=2020-01-01&endTime=2020-01-31')).total).toBe(0);
    const reversed = await a.call('GET', '/api/c/flowTgRevenues?startTime=2026-02-01&endTime=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect((await a.call('GET', '/api/c/projectTgRevenues?startTime=2020-01-01&endTime=2026-01-01')).statusCode).toBe(400);
    expect((await a.call('GET', '/api/c/flowTgRevenues?startTime=yesterday')).statusCode).toBe(400);

    const byDay = data<TeamRevenueStat>(await a.call('GET', '/api/c/team/revenueStat'));
    expect(byDay.granularity).toBe('day');
    expect(byDay.points).toHaveLength(30);
    const point = byDay.points.at(-1)!;
    expect(point.period).toBe(today);
    expect(point.totalFen).toBe(point.flowFen + point.projectFen);
    expect(point.totalFen).toBe((await overview(a)).todayFen);
    const byMonth = data<TeamRevenueStat>(await a.call('GET', '/api/c/team/revenueStat?granularity=month'));
    expect(byMonth.points).toHaveLength(12);
    expect(byMonth.points.at(-1)).toMatchObject({ period: today.slice(0, 7), totalFen: (await overview(a)).monthFen });
    const long = await a.call('GET', '/api/c/team/revenueStat?startTime=2024-01-01&endTime=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect(codeOf(long)).toBe(TeamErrors.teamStatRangeTooLong.code);
    expect((await a.call('GET', '/api/c/team/revenueStat?granularity=week')).statusCode).toBe(400);
  });

  it('is for people with permission 163: others 403, nobody signed in 401', async () => {
    for (const url of [
      '/api/c/team/statOverview',
      '/api/c/firstSubordinates',
      '/api/c/secondSubordinates',
      '/api/c/flowTgRevenues',
      '/api/c/projectTgRevenues',
      '/api/c/team/revenueStat',
    ]) {
      expect((await stranger.call('GET', url)).statusCode, url).toBe(403);
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    // Another person's team is never shown: the calls answer the caller's own.
    expect((await overview(c)).totalFen).toBe(0);
  });

  it('lets an admin set the rates for payments from then on, within limits, logged', async () => {
    const url = '/api/admin/team/settings';
    expect(data<TeamSettings>(await admin.call('GET', url))).toEqual(TEAM_DEFAULT_SETTINGS);
    expect((await root.call('GET', url)).statusCode).toBe(403);
    expect((await root.call('PUT', url, { ...TEAM_DEFAULT_SETTINGS })).statusCode).toBe(403);
    const above = await admin.call('PUT', url, { firstLevelBasisPoints: 500, secondLevelBasisPoints: 1000, pendingDays: 7 });
    expect(codeOf(above)).toBe(TeamErrors.teamSecondRateAboveFirst.code);
    const high = await admin.call('PUT', url, { firstLevelBasisPoints: 2000, secondLevelBasisPoints: 1500, pendingDays: 7 });
    expect(codeOf(high)).toBe(TeamErrors.teamRatesTooHigh.code);
    expect((await admin.call('PUT', url, { firstLevelBasisPoints: -1, secondLevelBasisPoints: 0, pendingDays: 7 })).statusCode).toBe(400);
    expect((await admin.call('PUT', url, { firstLevelBasisPoints: 100, secondLevelBasisPoints: 0 })).statusCode).toBe(400);
    const changed = { firstLevelBasisPoints: 2000, secondLevelBasisPoints: 0, pendingDays: 0 };
    expect(data<TeamSettings>(await admin.call('PUT', url, changed))).toEqual(changed);
    const [logged] = await rowsOf<{ count: string }>(
      db(),
      sql`select count(*)::text as count from admin_actions where action = 'team.settings'`,
    );
    expect(Number(logged!.count)).toBe(1);
    const order = await recharge(b, 1, 3000);
    expect((await flows(a)).list.find((item) => item.orderNo === order.orderNo)).toMatchObject({ amountFen: 600, basisPoints: 2000 });
    expect((await flows(root)).list.some((item) => item.orderNo === order.orderNo)).toBe(false);
    await admin.call('PUT', url, { ...TEAM_DEFAULT_SETTINGS });
  });
});
