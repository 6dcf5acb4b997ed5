import {
  ErrorCode,
  GeneralErrors,
  MembershipErrors,
  PaymentErrors,
  Role,
  type AdminMembershipVersion,
  type MembershipItem,
  type MembershipRenewal,
  type MyMembership,
  type OrderPage,
  type UserInfo,
} from '@spatia/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { authHeaders, dataOf, json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/index.js';
import { notifications } from '../notifications/notifications.tables.js';
import { paymentOrders } from '../recharge/recharge.tables.js';
import { membershipPayments, userMemberships } from './membership.tables.js';
import { fundBalance, oweDebt } from '../../test/income.js';

let testApp: TestApp;
let admin: Person;
/** A version of this file's own: ¥50.00 a month, granting the `team` group (Team management, 163). */
let version: AdminMembershipVersion;
const TEAM_MANAGEMENT = 163;
const PRICE = 5000;
const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  ({ testApp, admin } = await appWithPeople({ admin: { roles: [Role.admin], name: 'Admin' } }));
  const created = await call(admin, 'POST', '/api/admin/membership/versions', {
    identityNameZh: '付费版',
    identityNameEn: 'Paid edition',
    priceTags: [],
    groupCodes: ['team'],
    monthlyPriceFen: PRICE,
    trialDays: 30,
    sortOrder: 60,
    visible: true,
  });
  expect(created.statusCode, created.body).toBe(200);
  version = dataOf<AdminMembershipVersion>(created);
});
afterAll(() => testApp.close());

const services = () => testApp.app.services;
const db = () => services().database.db;
const codeOf = (response: LightMyRequestResponse) => json(response).code;
const sandbox = (): SandboxPayDriver => services().sandboxPay!;
const calendar = () => new BusinessCalendar(services().config.businessTimeZone);

function call(as: Person | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, headers = {}) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...(as ? authHeaders(as.token) : {}), cookie: 'language=en', ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

function renew(as: Person, months: number, method: string, key?: string) {
  return call(as, 'POST', '/api/c/membership/renew', { months, method }, key ? { 'idempotency-key': key } : {});
}

/** A member of the version (or `versionId`), with a membership of `kind` ending at `endsAt`. */
async function member(
  options: { endsAt: number; kind?: 'trial' | 'paid'; status?: string; versionId?: number } = { endsAt: Date.now() + 20 * DAY_MS },
) {
  const who = await person(testApp.app);
  await db()
    .insert(userMemberships)
    .values({
      userId: who.id,
      versionId: options.versionId ?? version.id,
      applicationId: null,
      kind: options.kind ?? 'trial',
      status: options.status ?? 'active',
      startsAt: new Date(Date.now() - 30 * DAY_MS),
      endsAt: new Date(options.endsAt),
    });
  // Signing in cached the user's info before the membership existed.
  await services().users.forgetCachedUser(who.id);
  return who;
}

async function membershipOf(who: Person) {
  const [row] = await db()
    .select()
    .from(userMemberships)
    .where(eq(userMemberships.userId, who.id))
    .orderBy(sql`id desc`)
    .limit(1);
  return row!;
}

async function setEnd(who: Person, endsAt: number) {
  await db()
    .update(userMemberships)
    .set({ endsAt: new Date(endsAt) })
    .where(and(eq(userMemberships.userId, who.id), eq(userMemberships.status, 'active')));
  await services().users.forgetCachedUser(who.id);
}

async function fund(who: Person, amountFen: number) {
  await fundBalance(testApp.app, who.id, amountFen);
}

const balanceOf = (who: Person) => services().ledger.balance(LedgerAccount.balance(who.id));
const paymentsOf = (who: Person) => db().select().from(membershipPayments).where(eq(membershipPayments.userId, who.id));

async function noticesOf(who: Person, kind: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, kind)));
}

async function menusOf(who: Person): Promise<number[]> {
  return dataOf<UserInfo>(await call(who, 'GET', `/api/client/${who.uid}/info`)).menus;
}

const runJob = () => services().membership.runJob();

describe('POST /api/c/membership/renew from the balance', () => {
  it('pays from the balance, adds calendar months to the end, makes the membership paid and tells the member', async () => {
    const endsAt = Date.now() + 10 * DAY_MS;
    const who = await member({ endsAt });
    await fund(who, 20_000);
    const response = await renew(who, 3, 'balance', 'renew-1');
    expect(response.statusCode, response.body).toBe(200);
    const renewal = dataOf<MembershipRenewal>(response);
    const expectedEnd = calendar().addMonths(new Date(endsAt), 3).getTime();
    expect(renewal.order).toBeNull();
    expect(renewal.balanceFen).toBe(20_000 - 3 * PRICE);
    expect(renewal.membership).toMatchObject({
      kind: 'paid',
      status: 'active',
      endsAt: expectedEnd,
      graceEndsAt: expectedEnd + 7 * DAY_MS,
    });
    expect(await balanceOf(who)).toBe(20_000 - 3 * PRICE);

    const [payment] = await paymentsOf(who);
    expect(payment).toMatchObject({ months: 3, amountFen: 3 * PRICE, method: 'balance', automatic: false, paymentOrderId: null });
    expect(payment!.orderNo).toMatch(/^M\d{14}[0-9a-f]{8}$/);
    expect(payment!.periodStartsAt.getTime()).toBe(endsAt);
    expect(payment!.periodEndsAt.getTime()).toBe(expectedEnd);
    // The ledger: balance to the membership revenue, one movement.
    const movements = await rowsOf<{ kind: string; memo: string }>(
      db(),
      sql`select kind, memo from ledger_transactions where reference = ${payment!.ledgerReference}`,
    );
    expect(movements).toEqual([{ kind: 'membershipPayment', memo: payment!.orderNo }]);
    const [notice] = await noticesOf(who, 'membershipRenewed');
    expect(notice).toMatchObject({
      link: '/userInformation/vip',
      params: { versionZh: '付费版', versionEn: 'Paid edition', months: 3, price: 3 * PRICE, endsAt: expectedEnd, automatic: 0 },
    });

    // The page shows the payment and what renewing again would take.
    const mine = dataOf<MyMembership>(await call(who, 'GET', '/api/c/membership'));
    expect(mine.payments).toHaveLength(1);
    expect(mine.payments[0]).toMatchObject({
      orderNo: payment!.orderNo,
      months: 3,
      amountFen: 3 * PRICE,
      method: 'balance',
      versionName: 'Paid edition',
    });
    expect(mine.renewal).toEqual({
      versionId: version.id,
      versionName: 'Paid edition',
      monthlyPriceFen: PRICE,
      months: [1, 3, 6, 12],
      providers: ['sandbox'],
      balanceFen: 20_000 - 3 * PRICE,
      debtFen: 0,
    });
  });

  it('answers a repeated Idempotency-Key with the first renewal, and refuses the key with another request', async () => {
    const who = await member();
    await fund(who, 20_000);
    const first = dataOf<MembershipRenewal>(await renew(who, 1, 'balance', 'same-key'));
    const again = await renew(who, 1, 'balance', 'same-key');
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf<MembershipRenewal>(again).membership.endsAt).toBe(first.membership.endsAt);
    expect(await paymentsOf(who)).toHaveLength(1);
    expect(await balanceOf(who)).toBe(20_000 - PRICE);
    const other = await renew(who, 3, 'balance', 'same-key');
    expect(other.statusCode).toBe(422);
    expect(codeOf(other)).toBe(GeneralErrors.idempotencyKeyReused.code);
  });

  it('renews an expired membership as a new paid one from now', async () => {
    const who = await member({ endsAt: Date.now() - 40 * DAY_MS, status: 'expired' });
    await fund(who, PRICE);
    const before = Date.now();
    const renewal = dataOf<MembershipRenewal>(await renew(who, 1, 'balance'));
    expect(renewal.membership).toMatchObject({ kind: 'paid', status: 'active' });
    expect(renewal.membership.startsAt).toBeGreaterThanOrEqual(before - 1000);
    expect(renewal.membership.endsAt).toBe(calendar().addMonths(new Date(renewal.membership.startsAt), 1).getTime());
    expect(await menusOf(who)).toContain(TEAM_MANAGEMENT);
  });

  it('takes renewals pressed at once in turn: each one paid extends the last, the rest are refused', async () => {
    for (const status of ['active', 'expired', 'active', 'expired']) {
      const endsAt = status === 'active' ? Date.now() + 5 * DAY_MS : Date.now() - 30 * DAY_MS;
      const who = await member({ endsAt, status });
      await fund(who, 2 * PRICE);
      const answers = await Promise.all(Array.from({ length: 5 }, () => renew(who, 1, 'balance')));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
      expect(await paymentsOf(who)).toHaveLength(2);
      expect(await balanceOf(who)).toBe(0);
      const rows = await db().select().from(userMemberships).where(eq(userMemberships.userId, who.id));
      const active = rows.filter((row) => row.status === 'active');
      expect(active).toHaveLength(1);
      const [first] = (await paymentsOf(who)).sort((a, b) => a.id - b.id);
      expect(active[0]!.endsAt.getTime()).toBe(calendar().addMonths(calendar().addMonths(first!.periodStartsAt, 1), 1).getTime());
    }
  });

  it('refuses a short balance, saying what is short, and writes nothing', async () => {
    const who = await member();
    await fund(who, 3000);
    const before = await membershipOf(who);
    const response = await renew(who, 1, 'balance');
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      code: MembershipErrors.membershipBalanceShort.code,
      msg: 'Insufficient balance: the renewal costs ¥50.00, your balance is ¥30.00, ¥20.00 short. Recharge first or pay by QR code',
    });
    expect(await paymentsOf(who)).toHaveLength(0);
    expect(await balanceOf(who)).toBe(3000);
    expect((await membershipOf(who)).endsAt).toEqual(before.endsAt);
    expect(await noticesOf(who, 'membershipRenewed')).toHaveLength(0);
  });

  it('refuses while a refund left a debt', async () => {
    const who = await member();
    await oweDebt(testApp.app, who.id, 1200);
    const response = await renew(who, 1, 'balance');
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe(PaymentErrors.debtOpen.code);
    expect(dataOf<MyMembership>(await call(who, 'GET', '/api/c/membership')).renewal?.debtFen).toBe(1200);
  });

  it('refuses without a membership, a revoked one, a free version, months not on offer and an unknown method', async () => {
    const nobody = await person(testApp.app);
    await fund(nobody, 100_000);
    expect(codeOf(await renew(nobody, 1, 'balance'))).toBe(MembershipErrors.membershipNothingToRenew.code);
    expect(dataOf<MyMembership>(await call(nobody, 'GET', '/api/c/membership')).renewal).toBeNull();
    const revoked = await member({ endsAt: Date.now() - DAY_MS, status: 'revoked' });
    await fund(revoked, 100_000);
    expect(codeOf(await renew(revoked, 1, 'balance'))).toBe(MembershipErrors.membershipNothingToRenew.code);
    const free = dataOf<AdminMembershipVersion>(
      await call(admin, 'POST', '/api/admin/membership/versions', {
        identityNameZh: '免费版',
        identityNameEn: 'Free edition',
        groupCodes: [],
        monthlyPriceFen: 0,
        trialDays: 7,
      }),
    );
    const freeMember = await member({ endsAt: Date.now() + DAY_MS, versionId: free.id });
    expect(codeOf(await renew(freeMember, 1, 'balance'))).toBe(MembershipErrors.membershipVersionFree.code);
    const who = await member();
    const months = await renew(who, 2, 'balance');
    expect(months.statusCode).toBe(400);
    expect(json(months)).toEqual({
      code: MembershipErrors.membershipRenewMonthsInvalid.code,
      msg: 'The months renewed must be one of 1, 3, 6, 12',
    });
    const method = await renew(who, 1, 'cash');
    expect(method.statusCode).toBe(400);
    expect(codeOf(method)).toBe(ErrorCode.validation);
    expect(codeOf(await renew(who, 1, 'wechat'))).toBe(PaymentErrors.paymentProviderUnavailable.code);
    expect((await call(undefined, 'POST', '/api/c/membership/renew', { months: 1, method: 'balance' })).statusCode).toBe(401);
  });

  it("renews only the caller's own membership", async () => {
    const holder = await member();
    const other = await person(testApp.app);
    await fund(other, 100_000);
    const before = await membershipOf(holder);
    expect(codeOf(await renew(other, 1, 'balance'))).toBe(MembershipErrors.membershipNothingToRenew.code);
    expect(codeOf(await call(other, 'PUT', '/api/c/membership/autoRenew', { autoRenew: true }))).toBe(
      MembershipErrors.membershipAutoRenewUnavailable.code,
    );
    const after = await membershipOf(holder);
    expect(after.endsAt).toEqual(before.endsAt);
    expect(after.autoRenew).toBe(false);
    expect(await balanceOf(other)).toBe(100_000);
  });
});

describe('POST /api/c/membership/renew by a payment QR code', () => {
  const signOf = (codeUrl: string) => new URL(codeUrl, 'http://site').searchParams.get('sign')!;
  const notify = (notification: { headers: unknown; rawBody: string }) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
      payload: notification.rawBody,
    });

  async function startQr(who: Person, months = 1): Promise<MembershipRenewal> {
    const response = await renew(who, months, 'sandbox', `qr-${Math.random()}`);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<MembershipRenewal>(response);
  }

  it('answers a membership payment order; the payment, notified 15 times at once, renews once', async () => {
    const endsAt = Date.now() + 3 * DAY_MS;
    const who = await member({ endsAt });
    const { order, membership } = await startQr(who, 6);
    expect(order).toMatchObject({ status: 'pending', provider: 'sandbox', months: 6, amountFen: 6 * PRICE });
    expect(membership.endsAt).toBe(endsAt);
    const [row] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order!.id));
    expect(row).toMatchObject({ kind: 'membership', subjectId: version.id, fulfilledAt: null });
    expect(await sandbox().checkout(order!.orderNo, signOf(order!.codeUrl))).toMatchObject({ amountFen: 6 * PRICE });

    const notification = (await sandbox().pay(order!.orderNo, signOf(order!.codeUrl)))!;
    const answers = await Promise.all(Array.from({ length: 15 }, () => notify(notification)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 15 }, () => 200));

    const expectedEnd = calendar().addMonths(new Date(endsAt), 6).getTime();
    expect((await membershipOf(who)).endsAt.getTime()).toBe(expectedEnd);
    const payments = await paymentsOf(who);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      orderNo: order!.orderNo,
      method: 'sandbox',
      paymentOrderId: order!.id,
      months: 6,
      amountFen: 6 * PRICE,
    });
    // The money came in and went to the renewal: the balance is as it was.
    expect(await balanceOf(who)).toBe(0);
    expect(await noticesOf(who, 'membershipRenewed')).toHaveLength(1);
    expect(await noticesOf(who, 'rechargePaid')).toHaveLength(0);
    const [fulfilled] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order!.id));
    expect(fulfilled!.fulfilledAt).not.toBeNull();
    // Polling the order after the fact changes nothing.
    const polled = await call(who, 'GET', `/api/c/flowRechargeOrder/${order!.id}/nativeUnifiedOrderQuery`);
    expect(dataOf<{ status: string }>(polled).status).toBe('paid');
    expect(await paymentsOf(who)).toHaveLength(1);
  });

  it('fulfils a booking whose fulfilment crashed in the reconciliation job, once', async () => {
    const endsAt = Date.now() + 3 * DAY_MS;
    const who = await member({ endsAt });
    const { order } = await startQr(who);
    const { recharge } = services();
    const original = recharge.fulfilmentOf('membership')!;
    let crashes = 0;
    recharge.fulfilWith('membership', async () => {
      crashes += 1;
      throw new Error('the process died after the booking');
    });
    try {
      const notification = (await sandbox().pay(order!.orderNo, signOf(order!.codeUrl)))!;
      expect((await notify(notification)).statusCode).toBe(200);
    } finally {
      recharge.fulfilWith('membership', original);
    }
    expect(crashes).toBe(1);
    expect((await membershipOf(who)).endsAt.getTime()).toBe(endsAt);
    expect(await balanceOf(who)).toBe(PRICE);
    // Not yet 30 s after the payment: the job leaves it to the booking that may still be running.
    await recharge.reconcile();
    expect(await paymentsOf(who)).toHaveLength(0);
    await db().execute(sql`update payment_orders set paid_at = paid_at - interval '1 minute' where id = ${order!.id}`);
    await recharge.reconcile();
    await recharge.reconcile();
    expect(await paymentsOf(who)).toHaveLength(1);
    expect((await membershipOf(who)).endsAt.getTime()).toBe(calendar().addMonths(new Date(endsAt), 1).getTime());
    expect(await balanceOf(who)).toBe(0);
  });

  it('leaves the money on the balance and says so when a debt took it first', async () => {
    const who = await member();
    const { order } = await startQr(who);
    await oweDebt(testApp.app, who.id, 1000);
    const notification = (await sandbox().pay(order!.orderNo, signOf(order!.codeUrl)))!;
    expect((await notify(notification)).statusCode).toBe(200);
    expect(await paymentsOf(who)).toHaveLength(0);
    expect(await balanceOf(who)).toBe(PRICE - 1000);
    const [failed] = await noticesOf(who, 'membershipRenewalFailed');
    expect(failed!.params).toMatchObject({ price: PRICE, balance: PRICE - 1000, reason: 'debt', automatic: 0 });
    const [row] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order!.id));
    expect(row!.fulfilledAt).not.toBeNull();
  });

  it('cannot be refunded by an admin for now', async () => {
    const who = await member();
    const { order } = await startQr(who);
    await notify((await sandbox().pay(order!.orderNo, signOf(order!.codeUrl)))!);
    const response = await call(
      admin,
      'POST',
      `/api/admin/rechargeOrders/${order!.id}/refunds`,
      { amountFen: 100, reason: 'asked' },
      { 'idempotency-key': `refund-${Math.random()}` },
    );
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      code: MembershipErrors.membershipRefundNotSupported.code,
      msg: 'Membership payments cannot be refunded yet: a refund would have to take back the months it bought, which is not supported yet',
    });
  });
});

describe('grace, reminders and auto-renew (the membership job)', () => {
  it('keeps the features through the grace period, tells it once, then lapses them', async () => {
    const who = await member({ endsAt: Date.now() - DAY_MS, kind: 'paid' });
    expect(await menusOf(who)).toContain(TEAM_MANAGEMENT);
    await runJob();
    await runJob();
    const grace = await noticesOf(who, 'membershipInGrace');
    expect(grace).toHaveLength(1);
    const { endsAt } = await membershipOf(who);
    expect(grace[0]!.params).toMatchObject({
      versionEn: 'Paid edition',
      endsAt: endsAt.getTime(),
      graceEndsAt: endsAt.getTime() + 7 * DAY_MS,
    });
    expect((await membershipOf(who)).status).toBe('active');
    expect(await menusOf(who)).toContain(TEAM_MANAGEMENT);

    // Past the grace period, the permissions go even before the job runs.
    await setEnd(who, Date.now() - 7 * DAY_MS - 60_000);
    expect(await menusOf(who)).not.toContain(TEAM_MANAGEMENT);
    await runJob();
    expect((await membershipOf(who)).status).toBe('expired');
    expect(await noticesOf(who, 'membershipExpired')).toHaveLength(1);
    expect(await menusOf(who)).not.toContain(TEAM_MANAGEMENT);
  });

  it('lapses the permissions a cached user info still held when the job expires the membership', async () => {
    const who = await member({ endsAt: Date.now() - DAY_MS });
    expect(await menusOf(who)).toContain(TEAM_MANAGEMENT);
    await db()
      .update(userMemberships)
      .set({ endsAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(userMemberships.userId, who.id));
    await runJob();
    expect(await menusOf(who)).not.toContain(TEAM_MANAGEMENT);
  });

  it('reminds 7 days and 1 day before the end, once each', async () => {
    const who = await member({ endsAt: Date.now() + 6.5 * DAY_MS });
    await runJob();
    await runJob();
    let reminders = await noticesOf(who, 'membershipEndingSoon');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.params).toMatchObject({ versionZh: '付费版', days: 7, kind: 'trial' });
    await db()
      .update(userMemberships)
      .set({ endsAt: new Date(Date.now() + 0.5 * DAY_MS) })
      .where(eq(userMemberships.userId, who.id));
    await runJob();
    await runJob();
    reminders = await noticesOf(who, 'membershipEndingSoon');
    expect(reminders).toHaveLength(2);
    expect(reminders.map((notice) => notice.params.days).sort()).toEqual([1, 7]);

    // A period that starts within a day of its end gets the 1-day reminder only.
    const late = await member({ endsAt: Date.now() + 0.5 * DAY_MS });
    await runJob();
    expect((await noticesOf(late, 'membershipEndingSoon')).map((notice) => notice.params.days)).toEqual([1]);
    // A renewal moves the end and the reminders start over.
    await fund(late, PRICE);
    await renew(late, 1, 'balance');
    expect((await membershipOf(late)).remindedDays).toEqual([]);
  });

  it('renews one month from the balance by itself when the period ends, once', async () => {
    const endsAt = Date.now() - 60_000;
    const who = await member({ endsAt });
    const switched = await call(who, 'PUT', '/api/c/membership/autoRenew', { autoRenew: true });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(dataOf<MembershipItem>(switched)).toMatchObject({ autoRenew: true });
    await fund(who, 2 * PRICE);
    await runJob();
    await runJob();
    const expectedEnd = calendar().addMonths(new Date(endsAt), 1).getTime();
    expect((await membershipOf(who)).endsAt.getTime()).toBe(expectedEnd);
    expect(await balanceOf(who)).toBe(PRICE);
    const payments = await paymentsOf(who);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ automatic: true, months: 1, method: 'balance' });
    const [renewed] = await noticesOf(who, 'membershipRenewed');
    expect(renewed!.params).toMatchObject({ automatic: 1, months: 1 });
    expect(await noticesOf(who, 'membershipInGrace')).toHaveLength(0);
  });

  it('tells once when the balance cannot pay an automatic renewal, and the grace period follows', async () => {
    const who = await member({ endsAt: Date.now() - 60_000 });
    await call(who, 'PUT', '/api/c/membership/autoRenew', { autoRenew: true });
    await fund(who, 1000);
    await runJob();
    await runJob();
    const failed = await noticesOf(who, 'membershipRenewalFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.params).toMatchObject({ price: PRICE, balance: 1000, reason: 'balance', automatic: 1 });
    expect(await noticesOf(who, 'membershipInGrace')).toHaveLength(1);
    expect(await paymentsOf(who)).toHaveLength(0);
    expect(await balanceOf(who)).toBe(1000);
    // Topped up during the grace period: the next run renews after all, without a second failure notice.
    await fund(who, PRICE);
    await runJob();
    expect(await paymentsOf(who)).toHaveLength(1);
    expect(await balanceOf(who)).toBe(1000);
    expect(await noticesOf(who, 'membershipRenewalFailed')).toHaveLength(1);
    expect((await membershipOf(who)).autoRenewFailedAt).toBeNull();
    // Turning it off is the holder's too.
    const off = await call(who, 'PUT', '/api/c/membership/autoRenew', { autoRenew: false });
    expect(dataOf<MembershipItem>(off).autoRenew).toBe(false);
  });
});

describe('GET /api/c/orders?direction=consume&type=membership', () => {
  it('lists the membership payments, completed, and exports them', async () => {
    const who = await member();
    await fund(who, 10 * PRICE);
    await renew(who, 1, 'balance');
    await renew(who, 3, 'balance');
    const response = await call(who, 'GET', '/api/c/orders?direction=consume&type=membership');
    expect(response.statusCode, response.body).toBe(200);
    const page = dataOf<OrderPage>(response);
    expect(page.total).toBe(2);
    expect(page.totals).toEqual({ count: 2, amountFen: 4 * PRICE, completedCount: 2 });
    expect(page.list[0]).toMatchObject({
      type: 'membership',
      item: { kind: 'membership', months: 3, versionName: 'Paid edition' },
      counterpart: null,
      provider: null,
      amountFen: 3 * PRICE,
      status: 'completed',
      sourceStatus: 'paid',
    });
    expect(dataOf<OrderPage>(await call(who, 'GET', '/api/c/orders?direction=consume&type=membership&status=pending')).total).toBe(0);
    expect(dataOf<OrderPage>(await call(await person(testApp.app), 'GET', '/api/c/orders?direction=consume&type=membership')).total).toBe(
      0,
    );

    const csv = await call(who, 'GET', '/api/c/orders/export?direction=consume&type=membership');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Membership renewal, Paid edition, 3 months');
    expect(csv.body).toContain(`${page.list[0]!.orderNo},"Membership renewal, Paid edition, 3 months",Balance,150.00,Paid`);
  });
});
