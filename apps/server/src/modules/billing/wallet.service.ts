import { randomUUID } from 'node:crypto';
import {
  leasePriceFen,
  fenToYuan,
  BYTES_PER_GB,
  isAdmin,
  trafficCostFen,
  type LeaseOverview,
  type LeasePeriod,
  type LeasePurchase,
  type LeaseStatus,
  type WalletStat,
  type WalletStatDays,
  type WalletWork,
} from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { TrafficService } from '../traffic/index.js';
import type { AuthUser, UsersService } from '../users/index.js';
import type { RechargeService } from '../recharge/index.js';
import type { WorksService } from '../works/index.js';
import type { BillRow, BillingRepository, LeasePeriodRow } from './billing.repository.js';
import { graceEndsAt } from './billing.service.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { addDays, daysFrom, monthOf } from '../../lib/day-range.js';
import { runIdempotent, type IdempotencyStore, type KeyedRow } from '../../lib/idempotency.js';

const DAY_MS = 86_400_000;
/** The works the wallet lists, most traffic first. */
const WALLET_WORKS_SHOWN = 50;
const LEASE_REVENUE = LedgerAccount.revenue('lease');

type KeyedLeasePeriod = KeyedRow & { period: LeasePeriodRow };

function leaseFingerprint(months: number): string {
  return `months:${months}`;
}

/** The flow wallet's figures and lease time (spec 1, 3 and 7.3; docs/billing.md). */
export class WalletService {
  constructor(
    private readonly repository: BillingRepository,
    private readonly ledger: LedgerService,
    private readonly traffic: TrafficService,
    private readonly works: WorksService,
    private readonly users: UsersService,
    /** The recharge price list, which prices lease time for its months (`leasePriceFen`). */
    private readonly recharge: Pick<RechargeService, 'plans'>,
    private readonly now: () => number = () => Date.now(),
    private readonly calendar = new BusinessCalendar(),
  ) {}

  /** `GET /client/{id}/balance/stat`: the wallet of the client `uid` (the caller's own; admins may read anyone's). */
  async stat(actor: AuthUser, uid: string, days: WalletStatDays): Promise<WalletStat> {
    const userId = await this.walletOwner(actor, uid);
    const today = this.calendar.today(this.now());
    const from = addDays(today, -(days - 1));
    const monthStart = this.calendar.monthStart(this.now());
    const [prices, balanceFen, trafficDays, bills, workTraffic, unpaid, lease, paused] = await Promise.all([
      this.repository.prices(),
      this.ledger.balance(LedgerAccount.balance(userId)),
      this.traffic.ownerDays(userId, from),
      this.repository.billsOf(userId, from),
      this.traffic.ownerWorks(userId, from),
      this.repository.unpaidOf(userId),
      this.leaseStatus(userId),
      this.repository.isPaused(userId),
    ]);
    const trafficByDay = new Map(trafficDays.map((day) => [day.day, day]));
    const billByDay = new Map(bills.map((bill) => [bill.day, bill]));
    const series = daysFrom(from, today).map((day) => ({
      day,
      requests: trafficByDay.get(day)?.requests ?? 0,
      bytes: trafficByDay.get(day)?.bytes ?? 0,
      costFen: billByDay.get(day)?.costFen ?? 0,
      billed: billByDay.has(day),
    }));
    const owed = bills.map(owedParts);
    return {
      balanceFen,
      timeZone: this.calendar.zone,
      days: series,
      requests: sum(series.map((day) => day.requests)),
      requestCostFen: sum(owed.map((parts) => parts.requestCostFen)),
      bytes: sum(series.map((day) => day.bytes)),
      trafficCostFen: sum(owed.map((parts) => parts.trafficCostFen)),
      unpaidFen: unpaid.unpaidFen,
      graceEndsAt: unpaid.oldestDay ? graceEndsAt(this.calendar, unpaid.oldestDay, prices.graceDays) : null,
      lease,
      prices,
      works: await this.walletWorks(workTraffic, prices, monthStart, paused),
    };
  }

  /** What `/wallet/lease` shows: the lease, the price of a month, the balance and every period bought. */
  async leaseOverview(actor: AuthUser, uid: string): Promise<LeaseOverview> {
    const userId = await this.walletOwner(actor, uid);
    const [lease, balanceFen, prices, plans, periods] = await Promise.all([
      this.leaseStatus(userId),
      this.ledger.balance(LedgerAccount.balance(userId)),
      this.repository.prices(),
      this.recharge.plans(),
      this.repository.leasePeriodsOf(userId),
    ]);
    return { lease, balanceFen, leaseMonthFen: prices.leaseMonthFen, plans, periods: periods.map(toLeasePeriod) };
  }

  /**
   * `POST /client/{id}/purchaseTimeBalance`: buys `months` of lease time from the balance, starting
   * when the last period ends (now if none runs). One ledger movement and one period, in one transaction.
   */
  async purchaseLease(actor: AuthUser, uid: string, months: number, idempotencyKey?: string): Promise<LeasePurchase> {
    const userId = await this.ownWallet(actor, uid);
    return runIdempotent(this.leaseKeys, userId, {
      key: idempotencyKey,
      fingerprint: leaseFingerprint(months),
      now: this.now(),
      create: async () => this.purchaseAnswer(userId, await this.bookLease(userId, months, idempotencyKey)),
      replay: ({ period }) => this.purchaseAnswer(userId, period),
    });
  }

  /** The lease periods as the Idempotency-Key helper sees them: a purchase is told apart by its months. */
  private readonly leaseKeys: IdempotencyStore<KeyedLeasePeriod> = {
    findByIdempotencyKey: async (userId, key) => {
      const period = await this.repository.leaseByIdempotencyKey(userId, key);
      return period && { id: period.id, createdAt: period.createdAt, requestFingerprint: leaseFingerprint(period.months), period };
    },
    releaseIdempotencyKey: (id) => this.repository.releaseLeaseIdempotencyKey(id),
  };

  /**
   * The movement and the period, in one transaction. The movement locks the balance first, so two
   * purchases queue and the second starts where the first ends; a second purchase under the same key
   * fails on the period's unique key and takes the movement back with it.
   */
  private async bookLease(userId: number, months: number, idempotencyKey: string | undefined): Promise<LeasePeriodRow> {
    // While a refund's debt is open, the balance settles it before it buys anything (docs/refunds.md).
    const debtFen = await this.ledger.debtOf(userId);
    if (debtFen > 0) throw fail('debtOpen', { debt: fenToYuan(debtFen) });
    const [{ leaseMonthFen }, plans] = await Promise.all([this.repository.prices(), this.recharge.plans()]);
    const priceFen = leasePriceFen(months, plans, leaseMonthFen);
    await Promise.all([this.ledger.openUserAccounts(userId), this.ledger.openSystemAccount(LEASE_REVENUE)]);
    return this.repository.db.transaction(async (tx) => {
      await this.ledger.post(
        {
          reference: `lease:${userId}:${randomUUID()}`,
          kind: 'leasePurchase',
          memo: `${months}`,
          entries: [
            { account: LedgerAccount.balance(userId), amount: -priceFen },
            { account: LEASE_REVENUE, amount: priceFen },
          ],
        },
        tx,
      );
      const now = new Date(this.now());
      const lastEnd = await this.repository.lastLeaseEnd(userId, tx);
      const startsAt = lastEnd && lastEnd > now ? lastEnd : now;
      return this.repository.insertLeasePeriod(
        { userId, months, priceFen, startsAt, endsAt: this.calendar.addMonths(startsAt, months), idempotencyKey: idempotencyKey ?? null },
        tx,
      );
    });
  }

  private async purchaseAnswer(userId: number, period: LeasePeriodRow): Promise<LeasePurchase> {
    const [lease, balanceFen] = await Promise.all([this.leaseStatus(userId), this.ledger.balance(LedgerAccount.balance(userId))]);
    return { period: toLeasePeriod(period), lease, balanceFen };
  }

  private async leaseStatus(userId: number): Promise<LeaseStatus> {
    const now = this.now();
    const periods = await this.repository.currentLeasePeriods(userId, new Date(now));
    if (periods.length === 0) return { running: false, startsAt: null, endsAt: null, daysLeft: 0 };
    const startsAt = periods[0]!.startsAt.getTime();
    const endsAt = periods.at(-1)!.endsAt.getTime();
    return { running: startsAt <= now, startsAt, endsAt, daysLeft: Math.ceil((endsAt - now) / DAY_MS) };
  }

  private async walletWorks(
    traffic: readonly { workId: number; requests: number; bytes: number }[],
    prices: Parameters<typeof trafficCostFen>[0],
    monthStart: string,
    paused: boolean,
  ): Promise<WalletWork[]> {
    const shown = [...traffic].sort((a, b) => b.bytes - a.bytes || b.requests - a.requests).slice(0, WALLET_WORKS_SHOWN);
    const ids = shown.map((work) => work.workId);
    const [rows, monthBytes, holds] = await Promise.all([
      this.works.findByIds(ids),
      this.traffic.bytesOfWorks(ids, monthStart),
      this.repository.budgetHoldsOf(ids),
    ]);
    return shown.flatMap(({ workId, requests, bytes }) => {
      const work = rows.get(workId);
      if (!work || work.deletedAt) return [];
      const served = monthBytes.get(workId) ?? 0;
      const overBudget = holds.get(workId) === monthOf(monthStart) && served >= work.budget * BYTES_PER_GB;
      return [
        {
          uid: work.uid,
          name: work.name,
          requests,
          bytes,
          costFen: trafficCostFen(prices, requests, bytes).costFen,
          budgetGb: work.budget,
          monthBytes: served,
          hold: paused ? 'balance' : overBudget ? 'budget' : null,
        },
      ];
    });
  }

  /** The wallet a caller may read: their own, or anyone's for an admin; another's does not exist. */
  private async walletOwner(actor: AuthUser, uid: string): Promise<number> {
    if (uid === actor.uid) return actor.id;
    if (!isAdmin(actor)) throw fail('notFound');
    const userId = await this.users.findIdByUid(uid);
    if (userId === undefined) throw fail('notFound');
    return userId;
  }

  /** The wallet a caller may spend from: only their own. */
  private async ownWallet(actor: AuthUser, uid: string): Promise<number> {
    if (uid !== actor.uid) throw fail('notFound');
    return actor.id;
  }
}

/**
 * What a bill owes for requests and for traffic: its two costs, shared in the proportion of what a
 * lease left to pay (`costFen`), so that the two add up to it. A day a lease covered whole owes nothing.
 */
function owedParts(bill: Pick<BillRow, 'requestCostFen' | 'trafficCostFen' | 'costFen'>): {
  requestCostFen: number;
  trafficCostFen: number;
} {
  const full = bill.requestCostFen + bill.trafficCostFen;
  if (full === 0 || bill.costFen === full) return { requestCostFen: bill.requestCostFen, trafficCostFen: bill.trafficCostFen };
  const requestCostFen = Math.round((bill.requestCostFen * bill.costFen) / full);
  return { requestCostFen, trafficCostFen: bill.costFen - requestCostFen };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function toLeasePeriod(row: LeasePeriodRow): LeasePeriod {
  return {
    id: row.id,
    months: row.months,
    priceFen: row.priceFen,
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
    createdAt: row.createdAt.getTime(),
  };
}
