import {
  BYTES_PER_GB,
  ErrorCode,
  Permission,
  Role,
  type BillingPrices,
  type LeaseOverview,
  type LeasePurchase,
  type NotificationPage,
  type WalletStat,
  type WorkDetail,
  BillingErrors,
  LedgerErrors,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import { person, publishedWork, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';
import { WalletService } from './wallet.service.js';
import type { AuthUser } from '../users/index.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { addDays } from '../../lib/day-range.js';
import { fundBalance } from '../../test/income.js';

let testApp: TestApp;
let owner: Person;
let viewer: Person;
let admin: Person;
let noWallet: Person;

const wallet = [Permission.wallet];

beforeAll(async () => {
  ({ testApp, owner, viewer, admin, noWallet } = await appWithPeople({
    owner: { roles: [Role.photographer], menus: wallet, name: 'Owner' },
    viewer: { menus: wallet },
    admin: { roles: [Role.admin], menus: wallet },
    noWallet: { roles: [], menus: [] },
  }));
});
afterAll(() => testApp.close());

const data = <T>(response: Awaited<ReturnType<Person['call']>>) => json<{ data: T }>(response).data;
const services = () => testApp.app.services;
const balanceOf = (who: Pick<Person, 'id'>) => services().ledger.balance(LedgerAccount.balance(who.id));
const DEFAULT_PRICES: BillingPrices & Record<string, number> = {
  requestFenPer10k: 50,
  gbFen: 80,
  leaseMonthFen: 3000,
  lowBalanceFen: 1000,
  graceDays: 3,
};

/** Money in, as a paid recharge would book it. */
async function fund(who: Pick<Person, 'id'>, amountFen: number): Promise<void> {
  await fundBalance(testApp.app, who.id, amountFen);
}

async function serve(work: WorkDetail, ownerId: number, day: string, requests: number, bytes: number): Promise<void> {
  await services().database.db.execute(sql`
    insert into work_traffic_daily (work_id, day, owner_id, requests, bytes)
    select id, ${day}::date, ${ownerId}, ${requests}, ${bytes} from works where uid = ${work.uid}
    on conflict (work_id, day, owner_id) do update
      set requests = work_traffic_daily.requests + excluded.requests, bytes = work_traffic_daily.bytes + excluded.bytes`);
}

const beijing = new BusinessCalendar('Asia/Shanghai');
const todayInBeijing = () => beijing.today(Date.now());

/** A lease period bought earlier, from `startsAt` to `endsAt`. */
async function leased(who: Pick<Person, 'id'>, startsAt: string, endsAt: string): Promise<void> {
  await services().database.db.execute(sql`
    insert into lease_periods (user_id, months, price_fen, starts_at, ends_at)
    values (${who.id}, 1, 3000, ${startsAt}::timestamptz, ${endsAt}::timestamptz)`);
}

/** The billing service on a clock set to `at` (the jobs as they run that day). */
function billingAt(at: string): BillingService {
  const { database, ledger, traffic, works, notifications, logger } = services();
  return new BillingService(new BillingRepository(database.db), ledger, traffic, works, notifications, logger, () => Date.parse(at));
}

async function notices(who: Person): Promise<string[]> {
  return data<NotificationPage>(await who.call('GET', '/api/c/notifications?pageSize=50')).list.map((item) => item.kind);
}

async function billsOf(ownerId: number): Promise<{ day: string; cost_fen: string; charged_fen: string; covered_by_lease: boolean }[]> {
  return rowsOf(
    services().database.db,
    sql`select day::text, cost_fen::text, charged_fen::text, covered_by_lease from traffic_bills where owner_id = ${ownerId} order by day`,
  );
}

describe('daily traffic billing', () => {
  it('bills an owner’s day once at the admin’s prices and charges the balance', async () => {
    const payer = await person(testApp.app, { roles: [Role.photographer], menus: wallet });
    const work = await publishedWork(testApp.app, payer, 'Billed');
    await fund(payer, 10_000);
    // 30,000 requests at ¥0.50 per 10,000 = 150 fen; 2.5 GB at ¥0.80 = 200 fen.
    await serve(work, payer.id, '2026-03-01', 30_000, 2.5 * BYTES_PER_GB);

    const billing = billingAt('2026-03-02T00:10:00Z');
    expect(await billing.billDay('2026-03-01')).toBeGreaterThanOrEqual(1);
    expect(await billing.billDay('2026-03-01')).toBe(0);
    expect(await billing.billDueDays()).toBe(0);
    // Billed again at once, the day bills nobody twice.
    await Promise.all([billing.billDay('2026-03-01'), billing.billDay('2026-03-01')]);

    expect(await billsOf(payer.id)).toEqual([{ day: '2026-03-01', cost_fen: '350', charged_fen: '350', covered_by_lease: false }]);
    expect(await balanceOf(payer)).toBe(10_000 - 350);
    expect(await services().ledger.balance(LedgerAccount.revenue('traffic'))).toBeGreaterThanOrEqual(350);
  });

  it('billing a day again bills the owners it had not billed, and only them', async () => {
    const first = await person(testApp.app, { menus: wallet });
    const late = await person(testApp.app, { menus: wallet });
    await Promise.all([fund(first, 1_000), fund(late, 1_000)]);
    await serve(await publishedWork(testApp.app, first), first.id, '2026-03-10', 10_000, 0);
    const billing = billingAt('2026-03-10T12:00:00Z');
    await billing.billDay('2026-03-10');
    await serve(await publishedWork(testApp.app, late), late.id, '2026-03-10', 20_000, 0);
    expect(await billing.billDay('2026-03-10')).toBe(1);
    expect(await balanceOf(first)).toBe(1_000 - 50);
    expect(await balanceOf(late)).toBe(1_000 - 100);
    const references = await rowsOf<{ reference: string }>(
      services().database.db,
      sql`select reference from ledger_transactions where memo = '2026-03-10' order by id`,
    );
    expect(references.map((row) => row.reference)).toEqual(['traffic:2026-03-10:1', 'traffic:2026-03-10:2']);
  });

  it('runs the daily job at 00:10 on the business clock', async () => {
    expect(await services().jobs.getSchedules()).toContainEqual(
      expect.objectContaining({ name: 'billing.daily', cron: '10 0 * * *', timezone: 'Asia/Shanghai' }),
    );
  });

  it('bills the finished days nobody billed, and never today', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer);
    await fund(payer, 1_000);
    await serve(work, payer.id, '2026-04-10', 10_000, 0);
    await serve(work, payer.id, '2026-04-11', 10_000, 0);
    await serve(work, payer.id, '2026-04-12', 10_000, 0);

    // 23:59 in Beijing: 12 April is not over there (nor in UTC).
    await billingAt('2026-04-12T15:59:00Z').billDueDays();
    expect((await billsOf(payer.id)).map((bill) => bill.day)).toEqual(['2026-04-10', '2026-04-11']);
    // 00:10 on 13 April in Beijing, still 12 April in UTC: the business day is over.
    await billingAt('2026-04-12T16:10:00Z').billDueDays();
    expect((await billsOf(payer.id)).map((bill) => bill.day)).toEqual(['2026-04-10', '2026-04-11', '2026-04-12']);
    expect(await balanceOf(payer)).toBe(1_000 - 3 * 50);
  });

  it('charges what the balance holds, leaves the rest unpaid, and settles it once money arrives', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer);
    await fund(payer, 100);
    await serve(work, payer.id, '2026-05-01', 60_000, 0); // 300 fen

    const billing = billingAt('2026-05-02T00:10:00Z');
    await billing.billDay('2026-05-01');
    expect(await billsOf(payer.id)).toEqual([{ day: '2026-05-01', cost_fen: '300', charged_fen: '100', covered_by_lease: false }]);
    expect(await balanceOf(payer)).toBe(0);

    await billing.settleUnpaid();
    expect(await balanceOf(payer)).toBe(0);
    await fund(payer, 500);
    await Promise.all([billing.settleUnpaid(), billing.settleUnpaid()]);
    expect(await billsOf(payer.id)).toEqual([{ day: '2026-05-01', cost_fen: '300', charged_fen: '300', covered_by_lease: false }]);
    expect(await balanceOf(payer)).toBe(300);
  });

  it('does not charge a day a lease covers whole', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer);
    await fund(payer, 3_000);
    const bought = await payer.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, { months: 1 });
    expect(bought.statusCode, bought.body).toBe(200);
    const tomorrow = addDays(todayInBeijing(), 1);
    await serve(work, payer.id, tomorrow, 50_000, 3 * BYTES_PER_GB);

    await billingAt(beijing.dayStart(addDays(tomorrow, 1)).toISOString()).billDay(tomorrow);
    expect(await billsOf(payer.id)).toEqual([{ day: tomorrow, cost_fen: '0', charged_fen: '0', covered_by_lease: true }]);
    expect(await balanceOf(payer)).toBe(0);
  });

  it('charges the hours of a day no lease covered: a lease bought at 23:00 leaves 23 of 24 to pay', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer);
    await fund(payer, 10_000);
    // Bought at 23:00 in Beijing on 1 July (15:00 UTC), for a month: it ends at 23:00 on 1 August.
    await leased(payer, '2026-07-01T15:00:00Z', '2026-08-01T15:00:00Z');
    // 50,000 requests (250 fen) and 3 GB (240 fen) each day: 490 fen.
    for (const day of ['2026-07-01', '2026-07-02', '2026-08-01', '2026-08-02']) await serve(work, payer.id, day, 50_000, 3 * BYTES_PER_GB);

    await billingAt('2026-08-02T16:10:00Z').billDueDays();
    expect(await billsOf(payer.id)).toEqual([
      { day: '2026-07-01', cost_fen: '470', charged_fen: '470', covered_by_lease: true }, // 490 × 23/24 = 469.6
      { day: '2026-07-02', cost_fen: '0', charged_fen: '0', covered_by_lease: true },
      { day: '2026-08-01', cost_fen: '20', charged_fen: '20', covered_by_lease: true }, // the last hour: 490 × 1/24 = 20.4
      { day: '2026-08-02', cost_fen: '490', charged_fen: '490', covered_by_lease: false },
    ]);
    expect(await balanceOf(payer)).toBe(10_000 - 470 - 20 - 490);
    // The wallet splits what a partly covered day owes between requests and traffic, adding up to it.
    const { database, ledger, traffic, works, users, recharge } = services();
    const walletThen = new WalletService(new BillingRepository(database.db), ledger, traffic, works, users, recharge, () =>
      Date.parse('2026-08-02T17:00:00Z'),
    );
    const stat = await walletThen.stat({ id: payer.id, uid: payer.uid } as AuthUser, payer.uid, 90);
    expect(stat.requestCostFen + stat.trafficCostFen).toBe(470 + 20 + 490);
  });

  it('counts the lease time of the business day: a lease ending at 10:00 in Beijing leaves 14 hours of that day to pay', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer);
    await fund(payer, 10_000);
    // 00:00 to 10:00 of 1 September in Beijing; in UTC the lease ends at 02:00 on 1 September and began on 31 August.
    await leased(payer, '2026-08-31T16:00:00Z', '2026-09-01T02:00:00Z');
    await serve(work, payer.id, '2026-09-01', 48_000, 0); // 240 fen
    await billingAt('2026-09-01T16:00:00Z').billDueDays();
    expect(await billsOf(payer.id)).toEqual([{ day: '2026-09-01', cost_fen: '140', charged_fen: '140', covered_by_lease: true }]);
  });
});

describe('pauses, budgets and notices', () => {
  it('pauses an owner’s works for viewers once unpaid traffic is past the grace period, and resumes them when paid', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer);
    await serve(work, payer.id, '2026-06-01', 20_000, 0); // 100 fen, nothing to pay with

    await billingAt('2026-06-02T00:10:00Z').billDay('2026-06-01');
    // The grace ends as 5 June begins in Beijing: 16:00 UTC on 4 June.
    await billingAt('2026-06-04T15:59:59Z').enforce(); // within 3 days' grace
    expect((await viewer.call('GET', `/api/model/${work.uid}/tour`)).statusCode).toBe(409); // not processed: served as usual

    await billingAt('2026-06-04T16:00:00Z').enforce();
    const refused = await viewer.call('GET', `/api/model/${work.uid}/tour`);
    expect(refused.statusCode).toBe(402);
    expect(json(refused).code).toBe(BillingErrors.workBalanceUnpaid.code);
    expect((await payer.call('GET', `/api/model/${work.uid}/tour`)).statusCode).toBe(409); // the owner still sees it
    expect((await admin.call('GET', `/api/model/${work.uid}/tour`)).statusCode).toBe(409);
    await billingAt('2026-06-05T00:05:00Z').enforce();
    expect((await notices(payer)).filter((kind) => kind === 'servingPaused')).toHaveLength(1);

    await fund(payer, 1_000);
    await billingAt('2026-06-05T00:10:00Z').enforce();
    expect((await viewer.call('GET', `/api/model/${work.uid}/tour`)).statusCode).toBe(409);
    expect(await balanceOf(payer)).toBe(900);
    expect(await notices(payer)).toContain('servingResumed');
  });

  it('holds a work over its monthly budget until the budget rises', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer, 'Popular');
    const other = await publishedWork(testApp.app, payer, 'Quiet');
    expect((await payer.call('POST', `/api/model/${work.uid}/budget`, 'budget=2')).statusCode).toBe(200);
    const today = todayInBeijing();
    await serve(work, payer.id, today, 1_000, 2 * BYTES_PER_GB + 1);
    await serve(other, payer.id, today, 1_000, 2 * BYTES_PER_GB + 1); // under its 200 GB

    await services().billing.enforce();
    const refused = await viewer.call('GET', `/api/model/${work.uid}/scene`);
    expect(refused.statusCode).toBe(402);
    expect(json(refused).code).toBe(BillingErrors.workBudgetUsedUp.code);
    expect((await viewer.call('GET', `/api/model/${other.uid}/tour`)).statusCode).toBe(409);
    expect((await payer.call('GET', `/api/model/${work.uid}/scene`)).statusCode).not.toBe(402);
    await services().billing.enforce();
    expect((await notices(payer)).filter((kind) => kind === 'budgetReached')).toHaveLength(1);

    const stat = data<WalletStat>(await payer.call('GET', `/api/client/${payer.uid}/balance/stat`));
    expect(stat.works.find((shown) => shown.uid === work.uid)).toMatchObject({
      hold: 'budget',
      budgetGb: 2,
      monthBytes: 2 * BYTES_PER_GB + 1,
    });
    expect(stat.works.find((shown) => shown.uid === other.uid)?.hold).toBeNull();

    // Raising the budget lifts the hold at once, before the next run.
    expect((await payer.call('POST', `/api/model/${work.uid}/budget`, 'budget=3')).statusCode).toBe(200);
    expect((await viewer.call('GET', `/api/model/${work.uid}/scene`)).statusCode).not.toBe(402);
    await services().billing.enforce();
    expect(await rowsOf(services().database.db, sql`select 1 from budget_holds where owner_id = ${payer.id}`)).toHaveLength(0);
  });

  it('tells an owner once when the balance falls under the threshold, and again after it rose above', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer);
    await fund(payer, 1_100);
    await serve(work, payer.id, '2026-11-01', 40_000, 0); // 200 fen: 900 left, under ¥10
    const billing = billingAt('2026-11-02T00:10:00Z');
    await billing.billDay('2026-11-01');
    await billing.enforce();
    await billing.enforce();
    expect((await notices(payer)).filter((kind) => kind === 'balanceLow')).toHaveLength(1);
    await fund(payer, 5_000);
    await billing.enforce();
    await serve(work, payer.id, '2026-11-02', 1_000_000, 0); // 5,000 fen
    await billingAt('2026-11-03T00:10:00Z').billDay('2026-11-02');
    await billing.enforce();
    expect((await notices(payer)).filter((kind) => kind === 'balanceLow')).toHaveLength(2);
  });
});

describe('GET /api/client/{id}/balance/stat', () => {
  it('answers the owner’s balance, traffic and costs by day and by work', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const work = await publishedWork(testApp.app, payer, 'Charted');
    await fund(payer, 2_000);
    const today = todayInBeijing();
    const yesterday = addDays(today, -1);
    await serve(work, payer.id, yesterday, 20_000, BYTES_PER_GB);
    await serve(work, payer.id, today, 10_000, 0);
    await billingAt(beijing.dayStart(today).toISOString()).billDay(yesterday);

    const stat = data<WalletStat>(await payer.call('GET', `/api/client/${payer.uid}/balance/stat?days=30`));
    expect(stat.days).toHaveLength(30);
    expect(stat.days.at(-1)).toEqual({ day: today, requests: 10_000, bytes: 0, costFen: 0, billed: false });
    expect(stat.days.at(-2)).toEqual({ day: yesterday, requests: 20_000, bytes: BYTES_PER_GB, costFen: 180, billed: true });
    expect(stat).toMatchObject({
      balanceFen: 2_000 - 180,
      requests: 30_000,
      requestCostFen: 100,
      bytes: BYTES_PER_GB,
      trafficCostFen: 80,
      unpaidFen: 0,
      graceEndsAt: null,
      lease: { running: false, startsAt: null, endsAt: null, daysLeft: 0 },
      prices: DEFAULT_PRICES,
    });
    expect(stat.works).toEqual([
      {
        uid: work.uid,
        name: 'Charted',
        requests: 30_000,
        bytes: BYTES_PER_GB,
        costFen: 230,
        budgetGb: 200,
        monthBytes: expect.any(Number),
        hold: null,
      },
    ]);
    expect(data<WalletStat>(await payer.call('GET', `/api/client/${payer.uid}/balance/stat?days=90`)).days).toHaveLength(90);
  });

  it('keeps a wallet to its owner and admins, and needs permission 35', async () => {
    expect((await viewer.call('GET', `/api/client/${owner.uid}/balance/stat`)).statusCode).toBe(404);
    expect((await admin.call('GET', `/api/client/${owner.uid}/balance/stat`)).statusCode).toBe(200);
    expect((await admin.call('GET', '/api/client/nobody-here/balance/stat')).statusCode).toBe(404);
    const denied = await noWallet.call('GET', `/api/client/${noWallet.uid}/balance/stat`);
    expect(denied.statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/client/${owner.uid}/balance/stat` })).statusCode).toBe(401);
    expect((await owner.call('GET', `/api/client/${owner.uid}/balance/stat?days=7`)).statusCode).toBe(400);
  });
});

describe('lease time', () => {
  it('buys months from the balance, queued after the lease already bought', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    await fund(payer, 10_000);
    const first = data<LeasePurchase>(await payer.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, { months: 1 }));
    const second = data<LeasePurchase>(await payer.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, 'months=2'));
    expect(first.period).toMatchObject({ months: 1, priceFen: 3_000 });
    expect(second.period.startsAt).toBe(first.period.endsAt);
    expect(second).toMatchObject({ balanceFen: 10_000 - 9_000, lease: { running: true, endsAt: second.period.endsAt } });
    expect(second.lease.daysLeft).toBeGreaterThanOrEqual(89);

    const overview = data<LeaseOverview>(await payer.call('GET', `/api/client/${payer.uid}/lease`));
    expect(overview).toMatchObject({ balanceFen: 1_000, leaseMonthFen: 3_000, lease: { running: true } });
    expect(overview.periods.map((period) => period.months)).toEqual([2, 1]);
  });

  it('prices the months of a recharge plan at the plan’s fee, so a recharge of a plan buys exactly its months of lease', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    const plans = await services().recharge.plans();
    const threeMonths = plans.find((plan) => plan.months === 3)!;
    expect(threeMonths.feeFen).toBeLessThan(3 * DEFAULT_PRICES.leaseMonthFen);
    // What a paid recharge of the 3-month plan leaves on the balance, and nothing more.
    await fund(payer, threeMonths.feeFen);
    const bought = data<LeasePurchase>(await payer.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, { months: 3 }));
    expect(bought).toMatchObject({ period: { months: 3, priceFen: threeMonths.feeFen }, balanceFen: 0 });
    // Months the list does not hold cost the monthly price each.
    await fund(payer, 2 * DEFAULT_PRICES.leaseMonthFen);
    const two = data<LeasePurchase>(await payer.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, { months: 2 }));
    expect(two).toMatchObject({ period: { months: 2, priceFen: 2 * DEFAULT_PRICES.leaseMonthFen }, balanceFen: 0 });
    const overview = data<LeaseOverview>(await payer.call('GET', `/api/client/${payer.uid}/lease`));
    expect(overview.plans).toEqual(plans);
  });

  it('answers the same purchase for the same Idempotency-Key, even sent at once', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    await fund(payer, 10_000);
    const buy = (months: number) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/client/${payer.uid}/purchaseTimeBalance`,
        headers: { 'auth-token': payer.token, 'x-auth-token': payer.token, 'idempotency-key': 'lease-once' },
        payload: { months },
      });
    const answers = await Promise.all([buy(1), buy(1), buy(1)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => data<LeasePurchase>(answer).period.id)).size).toBe(1);
    expect(await balanceOf(payer)).toBe(7_000);
    const reused = await buy(2);
    expect(reused.statusCode).toBe(422);
    expect(json(reused).code).toBe(ErrorCode.idempotencyKeyReused);
  });

  it('lets an Idempotency-Key buy again once its 24 hours are over', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    await fund(payer, 10_000);
    const buy = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/client/${payer.uid}/purchaseTimeBalance`,
        headers: { 'auth-token': payer.token, 'x-auth-token': payer.token, 'idempotency-key': 'lease-daily' },
        payload: { months: 1 },
      });
    const first = data<LeasePurchase>(await buy());
    await services().database.db.execute(
      sql`update lease_periods set created_at = created_at - interval '25 hours' where id = ${first.period.id}`,
    );
    const later = data<LeasePurchase>(await buy());
    expect(later.period.id).not.toBe(first.period.id);
    expect(later.period.startsAt).toBe(first.period.endsAt);
    expect(await balanceOf(payer)).toBe(4_000);
  });

  it('refuses what the balance cannot pay, months out of range and another’s wallet, leaving nothing behind', async () => {
    const payer = await person(testApp.app, { menus: wallet });
    await fund(payer, 2_999);
    const poor = await payer.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, { months: 1 });
    expect(poor.statusCode).toBe(409);
    expect(json(poor).code).toBe(LedgerErrors.insufficientBalance.code);
    expect((await payer.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, { months: 0 })).statusCode).toBe(400);
    expect((await payer.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, { months: 37 })).statusCode).toBe(400);
    expect((await payer.call('POST', `/api/client/${owner.uid}/purchaseTimeBalance`, { months: 1 })).statusCode).toBe(404);
    expect((await admin.call('POST', `/api/client/${payer.uid}/purchaseTimeBalance`, { months: 1 })).statusCode).toBe(404);
    expect((await noWallet.call('POST', `/api/client/${noWallet.uid}/purchaseTimeBalance`, { months: 1 })).statusCode).toBe(403);
    expect(await balanceOf(payer)).toBe(2_999);
    expect(data<LeaseOverview>(await payer.call('GET', `/api/client/${payer.uid}/lease`)).periods).toEqual([]);
  });
});

describe('the back office’s billing prices', () => {
  it('lets an admin set prices and the recharge list, logged; others cannot', async () => {
    const prices = { ...DEFAULT_PRICES, gbFen: 120 };
    const saved = await admin.call('PUT', '/api/admin/billing/prices', prices);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<{ prices: BillingPrices }>(saved).prices).toEqual(prices);
    const logged = await rowsOf<{ action: string }>(
      services().database.db,
      sql`select action from admin_actions where action like 'billing.%'`,
    );
    expect(logged.map((row) => row.action)).toContain('billing.prices');

    const plans = [
      { months: 12, feeFen: 28_800 },
      { months: 1, feeFen: 2_800 },
    ];
    expect((await admin.call('PUT', '/api/admin/billing/rechargePlans', { plans })).statusCode).toBe(200);
    const options = data<{ plans: unknown[] }>(await owner.call('GET', '/api/c/flowRecharge/plans'));
    expect(options.plans).toEqual([plans[1], plans[0]]);

    const repeated = await admin.call('PUT', '/api/admin/billing/rechargePlans', { plans: [plans[0], plans[0]] });
    expect(repeated.statusCode).toBe(400);
    expect(json(repeated).code).toBe(BillingErrors.rechargePlanMonthsRepeated.code);
    expect((await admin.call('PUT', '/api/admin/billing/rechargePlans', { plans: [] })).statusCode).toBe(400);
    expect((await admin.call('PUT', '/api/admin/billing/prices', { ...prices, graceDays: -1 })).statusCode).toBe(400);
    expect((await owner.call('PUT', '/api/admin/billing/prices', prices)).statusCode).toBe(403);
    expect((await owner.call('GET', '/api/admin/billing')).statusCode).toBe(403);
    expect(data<{ plans: unknown[] }>(await admin.call('GET', '/api/admin/billing')).plans).toHaveLength(2);

    await admin.call('PUT', '/api/admin/billing/prices', DEFAULT_PRICES);
  });
});
