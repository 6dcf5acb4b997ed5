import { BYTES_PER_GB, trafficCostFen, type ServingHoldReason } from '@spatia/contract';
import type { Logger } from '../../lib/logger.js';
import type { Transaction } from '../../db/database.js';
import { LedgerAccount, type LedgerService, type Posting } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TrafficService } from '../traffic/index.js';
import type { WorksService } from '../works/index.js';
import type { BillRow, BillingRepository } from './billing.repository.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { addDays, monthOf } from '../../lib/day-range.js';

/** How far back a run looks for days with traffic that were never billed (a server down for weeks). */
const CATCH_UP_DAYS = 35;
const TRAFFIC_REVENUE = LedgerAccount.revenue('traffic');

/**
 * Turns served traffic into money (docs/billing.md): `billDueDays` bills each finished business day once per
 * owner at the admin's prices and charges the flow balance through the ledger; `enforce` settles what a
 * balance could not pay, pauses the works of owners past the grace period, holds works over their
 * monthly budget and tells owners of a low balance. Viewers ask `holdOf` before showing a work.
 */
export class BillingService {
  constructor(
    private readonly repository: BillingRepository,
    private readonly ledger: LedgerService,
    private readonly traffic: TrafficService,
    private readonly works: WorksService,
    private readonly notifications: NotificationsService,
    private readonly log: Pick<Logger, 'info' | 'warn'>,
    private readonly now: () => number = () => Date.now(),
    private readonly calendar = new BusinessCalendar(),
  ) {}

  /** Bills every finished day with traffic that has not been billed; answers the bills written. */
  async billDueDays(): Promise<number> {
    const today = this.calendar.today(this.now());
    const from = addDays(today, -CATCH_UP_DAYS);
    const [days, billed] = await Promise.all([this.traffic.daysWithTraffic(from, today), this.repository.billedDaysSince(from)]);
    let bills = 0;
    for (const day of days.filter((day) => !billed.has(day))) bills += await this.billDay(day);
    return bills;
  }

  /**
   * Bills one day: one bill per owner not billed for it yet, charged from the balance as far as it goes.
   * The daily job bills a finished day once; billing a day again bills only owners it had not billed.
   */
  async billDay(day: string): Promise<number> {
    const prices = await this.repository.prices();
    const counted = (await this.traffic.ownerTotalsOfDay(day)).filter((total) => total.requests > 0 || total.bytes > 0);
    await Promise.all([
      this.ledger.openUserAccountsOf(counted.map((total) => total.ownerId)),
      this.ledger.openSystemAccount(TRAFFIC_REVENUE),
    ]);
    const written = await this.repository.db.transaction(async (tx) => {
      const run = await this.repository.startRun(day, counted.length, tx);
      const billed = run > 1 ? await this.repository.billedOwners(day, tx) : new Set<number>();
      const totals = counted.filter((total) => !billed.has(total.ownerId));
      if (totals.length === 0) return 0;
      const ownerIds = totals.map((total) => total.ownerId);
      const start = this.calendar.dayStart(day);
      const end = this.calendar.dayStart(addDays(day, 1));
      const leased = await this.repository.leaseCoverageBetween(ownerIds, start, end, tx);
      const bills: BillRow[] = totals.map((total) => {
        const cost = trafficCostFen(prices, total.requests, total.bytes);
        const coveredMs = leased.get(total.ownerId) ?? 0;
        const costFen = uncoveredCostFen(cost.costFen, coveredMs, end.getTime() - start.getTime());
        return { ...total, ...cost, day, costFen, coveredByLease: coveredMs > 0, chargedFen: 0 };
      });
      const due = bills.filter((bill) => bill.costFen > 0);
      // One movement for the day: each owner's balance gives what it can of the bill, the platform's revenue takes the sum.
      await this.ledger.postFromBalances([...new Set(due.map((bill) => LedgerAccount.balance(bill.ownerId)))], tx, (available) => {
        const entries = due.flatMap((bill) => {
          const account = LedgerAccount.balance(bill.ownerId);
          bill.chargedFen = Math.min(bill.costFen, available.get(account) ?? 0);
          available.set(account, (available.get(account) ?? 0) - bill.chargedFen);
          return bill.chargedFen > 0 ? [{ account, amount: -bill.chargedFen }] : [];
        });
        const revenue = due.reduce((sum, bill) => sum + bill.chargedFen, 0);
        if (revenue === 0) return [];
        return [
          {
            reference: `traffic:${day}:${run}`,
            kind: 'trafficBill',
            memo: day,
            entries: [...entries, { account: TRAFFIC_REVENUE, amount: revenue }],
          },
        ];
      });
      const fresh = await this.repository.insertBills(bills, tx);
      // Runs of a day take turns (`startRun` locks the day): none of these owners can have been billed meanwhile.
      if (fresh.size !== bills.length) throw new Error(`bills of ${day} were written by another run`);
      return fresh.size;
    });
    if (written > 0) this.log.info({ day, bills: written }, 'traffic billed');
    return written;
  }

  /** The periodic part: settle, pause or resume, hold for budgets, tell of low balances. */
  async enforce(): Promise<void> {
    await this.settleUnpaid();
    await this.enforceBalancePauses();
    await this.enforceBudgets();
    await this.noticeLowBalances();
  }

  /** Pays unpaid bills, oldest first, from balances that have money again (a recharge since). */
  async settleUnpaid(): Promise<void> {
    const owners = await this.repository.ownersWithUnpaidBills();
    if (owners.length === 0) return;
    await this.repository.db.transaction(async (tx) => this.charge(await this.repository.lockUnpaidBills(owners, tx), tx));
  }

  /** Why viewers other than the owner and admins see a notice instead of this work, if they do. */
  async holdOf(work: { id: number; ownerId: number; budget: number }): Promise<ServingHoldReason | null> {
    if (await this.repository.isPaused(work.ownerId)) return 'balance';
    const monthStart = this.calendar.monthStart(this.now());
    if ((await this.repository.budgetHoldsOf([work.id])).get(work.id) !== monthOf(monthStart)) return null;
    // The owner may have raised the budget since the hold: it ends at once, not at the next run.
    const served = (await this.traffic.bytesOfWorks([work.id], monthStart)).get(work.id) ?? 0;
    return served >= work.budget * BYTES_PER_GB ? 'budget' : null;
  }

  /**
   * Charges what unpaid bills still owe from their owners' balances, as far as each balance goes, oldest
   * first. A posting's reference names the bill and what it had been charged before, so the same
   * charge is never booked twice.
   */
  private async charge(bills: readonly BillRow[], tx: Transaction): Promise<void> {
    if (bills.length === 0) return;
    const charges: { ownerId: number; day: string; chargedFen: number }[] = [];
    const accounts = [...new Set(bills.map((bill) => LedgerAccount.balance(bill.ownerId)))];
    await this.ledger.postFromBalances(accounts, tx, (available) =>
      bills.flatMap((bill): Posting[] => {
        const account = LedgerAccount.balance(bill.ownerId);
        const amount = Math.min(bill.costFen - bill.chargedFen, available.get(account) ?? 0);
        if (amount <= 0) return [];
        available.set(account, available.get(account)! - amount);
        charges.push({ ownerId: bill.ownerId, day: bill.day, chargedFen: bill.chargedFen + amount });
        return [
          {
            reference: `traffic:${bill.ownerId}:${bill.day}:${bill.chargedFen}`,
            kind: 'trafficBill',
            memo: bill.day,
            entries: [
              { account, amount: -amount },
              { account: TRAFFIC_REVENUE, amount },
            ],
          },
        ];
      }),
    );
    await this.repository.setCharged(charges, tx);
  }

  /** Owners whose oldest unpaid day is past the grace period, with no lease running, have their works paused. */
  private async enforceBalancePauses(): Promise<void> {
    const [prices, oldest, paused] = await Promise.all([
      this.repository.prices(),
      this.repository.oldestUnpaidDays(),
      this.repository.pausedOwners(),
    ]);
    const now = this.now();
    const leased = await this.repository.ownersLeasedBetween([...oldest.keys()], new Date(now), new Date(now + 1));
    const due = new Set(
      [...oldest]
        .filter(([ownerId, day]) => !leased.has(ownerId) && graceEndsAt(this.calendar, day, prices.graceDays) <= now)
        .map(([ownerId]) => ownerId),
    );
    for (const ownerId of new Set([...due, ...paused])) {
      const pause = due.has(ownerId);
      if (pause === paused.has(ownerId)) continue;
      await this.repository.db.transaction(async (tx) => {
        if (!(await this.repository.setPaused(ownerId, pause, tx))) return;
        await this.notifications.notify(tx, { userId: ownerId, kind: pause ? 'servingPaused' : 'servingResumed', link: '/wallet/index' });
      });
      this.log.info({ ownerId }, pause ? 'works paused: traffic unpaid past the grace period' : 'works served again');
    }
  }

  /** Works that served their monthly budget are held until the month ends or the budget rises. */
  private async enforceBudgets(): Promise<void> {
    const monthStart = this.calendar.monthStart(this.now());
    const month = monthOf(monthStart);
    // No budget is under 1 GB: works that served less cannot be over theirs.
    const serving = await this.traffic.worksServingAtLeast(monthStart, BYTES_PER_GB);
    const works = await this.works.findByIds(serving.map((work) => work.workId));
    const over = serving.flatMap(({ workId, bytes }) => {
      const work = works.get(workId);
      return work && !work.deletedAt && bytes >= work.budget * BYTES_PER_GB ? [work] : [];
    });
    const overIds = new Set(over.map((work) => work.id));
    const holds = await this.repository.budgetHolds();
    await this.repository.releaseBudgetHolds(
      holds.filter((hold) => hold.month !== month || !overIds.has(hold.workId)).map((hold) => hold.workId),
    );
    for (const work of over) {
      await this.repository.db.transaction(async (tx) => {
        if (!(await this.repository.holdForBudget({ workId: work.id, ownerId: work.ownerId, month }, tx))) return;
        await this.notifications.notify(tx, {
          userId: work.ownerId,
          kind: 'budgetReached',
          params: { workName: work.name, budget: work.budget },
          link: '/wallet/index',
        });
      });
    }
  }

  /** Tells owners billed lately once when their balance falls under the admin's threshold, again after it rose above. */
  private async noticeLowBalances(): Promise<void> {
    const prices = await this.repository.prices();
    const owners = await this.repository.ownersBilledSince(addDays(this.calendar.today(this.now()), -CATCH_UP_DAYS));
    if (owners.length === 0) return;
    const [balances, standing] = await Promise.all([
      this.ledger.balances(owners.map((ownerId) => LedgerAccount.balance(ownerId))),
      this.repository.billingOwners(owners),
    ]);
    for (const ownerId of owners) {
      const balanceFen = balances.get(LedgerAccount.balance(ownerId)) ?? 0;
      const low = balanceFen < prices.lowBalanceFen;
      if (low === (standing.get(ownerId)?.lowBalanceSent ?? false)) continue;
      await this.repository.db.transaction(async (tx) => {
        if (!(await this.repository.setLowBalanceSent(ownerId, low, tx)) || !low) return;
        await this.notifications.notify(tx, {
          userId: ownerId,
          kind: 'balanceLow',
          params: { balance: balanceFen },
          link: '/recharge/index',
        });
      });
    }
  }
}

/** When an owner whose traffic of `unpaidDay` is unpaid stops being served: the grace period after that day was billed. */
export function graceEndsAt(calendar: BusinessCalendar, unpaidDay: string, graceDays: number): number {
  return calendar.dayStart(addDays(unpaidDay, 1 + graceDays)).getTime();
}

/**
 * What a day's traffic costs when a lease covered `coveredMs` of its `dayMs`: the cost of the hours no
 * lease covered, `cost × uncovered ÷ day`, rounded to the fen half up (docs/billing.md "Lease time").
 * A lease bought at 23:00 leaves 23 hours of the day to pay; a whole day covered costs nothing.
 */
export function uncoveredCostFen(costFen: number, coveredMs: number, dayMs: number): number {
  const uncovered = BigInt(Math.max(0, Math.min(dayMs, dayMs - coveredMs)));
  const day = BigInt(dayMs);
  return Number((BigInt(costFen) * uncovered * 2n + day) / (2n * day));
}
