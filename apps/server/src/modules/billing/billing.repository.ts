import type { BillingPrices } from '@spatia/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { anyId, recordset } from '../../db/bulk.js';
import { rowsOf, type Db, type Executor, type Transaction } from '../../db/database.js';
import { findByIdempotencyKey, releaseIdempotencyKey } from '../../db/idempotency-key.js';
import { findRowsIn } from '../../db/rows-in.js';
import { billedDays, billingOwners, billingPrices, budgetHolds, leasePeriods, trafficBills } from './billing.tables.js';

export interface BillRow {
  ownerId: number;
  day: string;
  requests: number;
  bytes: number;
  requestCostFen: number;
  trafficCostFen: number;
  costFen: number;
  coveredByLease: boolean;
  chargedFen: number;
}

export type LeasePeriodRow = typeof leasePeriods.$inferSelect;

/** The only place that reads and writes the billing tables (docs/billing.md). */
export class BillingRepository {
  constructor(readonly db: Db) {}

  async prices(executor: Executor = this.db): Promise<BillingPrices> {
    const [row] = await executor.select().from(billingPrices).where(eq(billingPrices.id, 1));
    if (!row) throw new Error('billing_prices has no row: migration 0015 seeds it');
    const { requestFenPer10k, gbFen, leaseMonthFen, lowBalanceFen, graceDays } = row;
    return { requestFenPer10k, gbFen, leaseMonthFen, lowBalanceFen, graceDays };
  }

  async updatePrices(prices: BillingPrices, tx: Transaction): Promise<void> {
    await tx
      .update(billingPrices)
      .set({ ...prices, updatedAt: new Date() })
      .where(eq(billingPrices.id, 1));
  }

  async billedDaysSince(fromDay: string): Promise<Set<string>> {
    const rows = await this.db.select({ day: billedDays.day }).from(billedDays).where(gte(billedDays.day, fromDay));
    return new Set(rows.map((row) => row.day));
  }

  /**
   * Starts a run of a day: answers its number (1 for the first). The day's row stays locked until the
   * transaction ends, so a second run of the day waits and then sees the first one's bills.
   */
  async startRun(day: string, owners: number, tx: Transaction): Promise<number> {
    const [row] = await tx
      .insert(billedDays)
      .values({ day, owners })
      .onConflictDoUpdate({ target: billedDays.day, set: { runs: sql`${billedDays.runs} + 1` } })
      .returning({ runs: billedDays.runs });
    return row!.runs;
  }

  /** Owners already billed for a day. */
  async billedOwners(day: string, tx: Transaction): Promise<Set<number>> {
    const rows = await tx.select({ ownerId: trafficBills.ownerId }).from(trafficBills).where(eq(trafficBills.day, day));
    return new Set(rows.map((row) => row.ownerId));
  }

  /** Owners among these with a lease period overlapping [start, end) (a lease running at `t`: [t, t + 1 ms)). */
  async ownersLeasedBetween(ownerIds: readonly number[], start: Date, end: Date, executor: Executor = this.db): Promise<Set<number>> {
    if (ownerIds.length === 0) return new Set();
    const rows = await executor
      .selectDistinct({ userId: leasePeriods.userId })
      .from(leasePeriods)
      .where(and(sql`${leasePeriods.userId} ${anyId(ownerIds)}`, lt(leasePeriods.startsAt, end), gt(leasePeriods.endsAt, start)));
    return new Set(rows.map((row) => row.userId));
  }

  /**
   * How many milliseconds of [`start`, `end`) each owner's lease periods cover (owners with none are
   * left out). Periods of one owner follow each other without overlapping, so their parts add up.
   */
  async leaseCoverageBetween(
    ownerIds: readonly number[],
    start: Date,
    end: Date,
    executor: Executor = this.db,
  ): Promise<Map<number, number>> {
    if (ownerIds.length === 0) return new Map();
    const covered = sql<string>`sum(extract(epoch from least(${leasePeriods.endsAt}, ${end.toISOString()}::timestamptz) - greatest(${leasePeriods.startsAt}, ${start.toISOString()}::timestamptz)) * 1000)`;
    const rows = await executor
      .select({ userId: leasePeriods.userId, covered })
      .from(leasePeriods)
      .where(and(sql`${leasePeriods.userId} ${anyId(ownerIds)}`, lt(leasePeriods.startsAt, end), gt(leasePeriods.endsAt, start)))
      .groupBy(leasePeriods.userId);
    return new Map(rows.map((row) => [row.userId, Math.min(Math.round(Number(row.covered)), end.getTime() - start.getTime())]));
  }

  /** Inserts bills not written yet; answers the owners whose bill is new. */
  async insertBills(bills: readonly BillRow[], tx: Transaction): Promise<Set<number>> {
    if (bills.length === 0) return new Set();
    const rows = await rowsOf<{ owner_id: string }>(
      tx,
      sql`insert into ${trafficBills} (owner_id, day, requests, bytes, request_cost_fen, traffic_cost_fen, cost_fen, covered_by_lease, charged_fen)
          select "ownerId", day, requests, bytes, "requestCostFen", "trafficCostFen", "costFen", "coveredByLease", "chargedFen"
          from ${recordset(bills, '"ownerId" bigint, day date, requests bigint, bytes bigint, "requestCostFen" bigint, "trafficCostFen" bigint, "costFen" bigint, "coveredByLease" boolean, "chargedFen" bigint')}
          on conflict (owner_id, day) do nothing
          returning owner_id`,
    );
    return new Set(rows.map((row) => Number(row.owner_id)));
  }

  /** Owners who have a bill the balance has not fully paid. */
  async ownersWithUnpaidBills(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ ownerId: trafficBills.ownerId })
      .from(trafficBills)
      .where(lt(trafficBills.chargedFen, trafficBills.costFen));
    return rows.map((row) => row.ownerId);
  }

  /** The unpaid bills of these owners, oldest first, locked until the transaction ends. */
  async lockUnpaidBills(ownerIds: readonly number[], tx: Transaction): Promise<BillRow[]> {
    if (ownerIds.length === 0) return [];
    return tx
      .select()
      .from(trafficBills)
      .where(and(sql`${trafficBills.ownerId} ${anyId(ownerIds)}`, lt(trafficBills.chargedFen, trafficBills.costFen)))
      .orderBy(asc(trafficBills.ownerId), asc(trafficBills.day))
      .for('update');
  }

  /** Sets what each bill has been charged, one statement for any number of bills. */
  async setCharged(charges: readonly { ownerId: number; day: string; chargedFen: number }[], tx: Transaction): Promise<void> {
    if (charges.length === 0) return;
    await tx.execute(sql`
      update ${trafficBills} set charged_fen = r."chargedFen"
      from ${recordset(charges, '"ownerId" bigint, day date, "chargedFen" bigint')}
      where ${trafficBills}.owner_id = r."ownerId" and ${trafficBills}.day = r.day`);
  }

  /** Per owner, the oldest day whose bill is not fully paid. */
  async oldestUnpaidDays(): Promise<Map<number, string>> {
    const rows = await this.db
      .select({ ownerId: trafficBills.ownerId, day: sql<string>`min(${trafficBills.day})::text` })
      .from(trafficBills)
      .where(lt(trafficBills.chargedFen, trafficBills.costFen))
      .groupBy(trafficBills.ownerId);
    return new Map(rows.map((row) => [row.ownerId, row.day]));
  }

  async unpaidOf(ownerId: number): Promise<{ unpaidFen: number; oldestDay: string | null }> {
    const [row] = await this.db
      .select({
        unpaidFen: sql<number>`coalesce(sum(${trafficBills.costFen} - ${trafficBills.chargedFen}), 0)::int8`.mapWith(Number),
        oldestDay: sql<string | null>`min(${trafficBills.day})::text`,
      })
      .from(trafficBills)
      .where(and(eq(trafficBills.ownerId, ownerId), lt(trafficBills.chargedFen, trafficBills.costFen)));
    return { unpaidFen: row?.unpaidFen ?? 0, oldestDay: row?.oldestDay ?? null };
  }

  async billsOf(ownerId: number, fromDay: string): Promise<BillRow[]> {
    return this.db
      .select()
      .from(trafficBills)
      .where(and(eq(trafficBills.ownerId, ownerId), gte(trafficBills.day, fromDay)))
      .orderBy(asc(trafficBills.day));
  }

  /** Owners billed since `fromDay`: those whose balance is watched for the low-balance notice. */
  async ownersBilledSince(fromDay: string): Promise<number[]> {
    const rows = await this.db.selectDistinct({ ownerId: trafficBills.ownerId }).from(trafficBills).where(gte(trafficBills.day, fromDay));
    return rows.map((row) => row.ownerId);
  }

  async billingOwners(ownerIds: readonly number[]): Promise<Map<number, typeof billingOwners.$inferSelect>> {
    if (ownerIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(billingOwners)
      .where(sql`${billingOwners.ownerId} ${anyId(ownerIds)}`);
    return new Map(rows.map((row) => [row.ownerId, row]));
  }

  async pausedOwners(): Promise<Set<number>> {
    const rows = await this.db.select({ ownerId: billingOwners.ownerId }).from(billingOwners).where(isNotNull(billingOwners.pausedSince));
    return new Set(rows.map((row) => row.ownerId));
  }

  async isPaused(ownerId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ ownerId: billingOwners.ownerId })
      .from(billingOwners)
      .where(and(eq(billingOwners.ownerId, ownerId), isNotNull(billingOwners.pausedSince)));
    return row !== undefined;
  }

  /** Pauses or resumes an owner's works; answers false when they already were so (nobody to tell). */
  async setPaused(ownerId: number, paused: boolean, tx: Transaction): Promise<boolean> {
    if (!paused) {
      const rows = await tx
        .update(billingOwners)
        .set({ pausedSince: null, updatedAt: new Date() })
        .where(and(eq(billingOwners.ownerId, ownerId), isNotNull(billingOwners.pausedSince)))
        .returning({ ownerId: billingOwners.ownerId });
      return rows.length > 0;
    }
    const rows = await tx
      .insert(billingOwners)
      .values({ ownerId, pausedSince: new Date() })
      .onConflictDoUpdate({
        target: billingOwners.ownerId,
        set: { pausedSince: new Date(), updatedAt: new Date() },
        setWhere: sql`${billingOwners.pausedSince} is null`,
      })
      .returning({ ownerId: billingOwners.ownerId });
    return rows.length > 0;
  }

  /** Sets whether the low-balance notice stands; answers false when it already did (nobody to tell). */
  async setLowBalanceSent(ownerId: number, sent: boolean, tx: Transaction): Promise<boolean> {
    const rows = await tx
      .insert(billingOwners)
      .values({ ownerId, lowBalanceSent: sent })
      .onConflictDoUpdate({
        target: billingOwners.ownerId,
        set: { lowBalanceSent: sent, updatedAt: new Date() },
        setWhere: sql`${billingOwners.lowBalanceSent} <> ${sent}`,
      })
      .returning({ ownerId: billingOwners.ownerId });
    return rows.length > 0;
  }

  async budgetHolds(): Promise<(typeof budgetHolds.$inferSelect)[]> {
    return this.db.select().from(budgetHolds);
  }

  /** The month each of these works went over its budget in, for those held. */
  async budgetHoldsOf(workIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await findRowsIn(this.db, budgetHolds, budgetHolds.workId, workIds);
    return new Map(rows.map((row) => [row.workId, row.month]));
  }

  /** Holds a work for the month; false when it was held already (nobody to tell). */
  async holdForBudget(hold: { workId: number; ownerId: number; month: string }, tx: Transaction): Promise<boolean> {
    const rows = await tx
      .insert(budgetHolds)
      .values(hold)
      .onConflictDoUpdate({
        target: budgetHolds.workId,
        set: { month: hold.month, ownerId: hold.ownerId },
        setWhere: sql`${budgetHolds.month} <> ${hold.month}`,
      })
      .returning({ workId: budgetHolds.workId });
    return rows.length > 0;
  }

  async releaseBudgetHolds(workIds: readonly number[]): Promise<void> {
    if (workIds.length === 0) return;
    await this.db.delete(budgetHolds).where(inArray(budgetHolds.workId, [...workIds]));
  }

  async leasePeriodsOf(userId: number): Promise<LeasePeriodRow[]> {
    return this.db.select().from(leasePeriods).where(eq(leasePeriods.userId, userId)).orderBy(desc(leasePeriods.startsAt));
  }

  /** Periods of this user that have not ended at `at`: the running one and those queued after it. */
  async currentLeasePeriods(userId: number, at: Date, executor: Executor = this.db): Promise<LeasePeriodRow[]> {
    return executor
      .select()
      .from(leasePeriods)
      .where(and(eq(leasePeriods.userId, userId), gt(leasePeriods.endsAt, at)))
      .orderBy(asc(leasePeriods.startsAt));
  }

  leaseByIdempotencyKey(userId: number, key: string): Promise<LeasePeriodRow | undefined> {
    return findByIdempotencyKey(this.db, leasePeriods, userId, key);
  }

  /** Frees a key older than the Idempotency-Key window, so that it can buy again. */
  releaseLeaseIdempotencyKey(id: number): Promise<void> {
    return releaseIdempotencyKey(this.db, leasePeriods, id);
  }

  /** The end of this user's last lease period, if any. */
  async lastLeaseEnd(userId: number, tx: Transaction): Promise<Date | undefined> {
    const rows = await tx
      .select({ endsAt: leasePeriods.endsAt })
      .from(leasePeriods)
      .where(eq(leasePeriods.userId, userId))
      .orderBy(desc(leasePeriods.endsAt))
      .limit(1);
    return rows[0]?.endsAt;
  }

  async insertLeasePeriod(period: Omit<typeof leasePeriods.$inferInsert, 'id' | 'createdAt'>, tx: Transaction): Promise<LeasePeriodRow> {
    const [row] = await tx.insert(leasePeriods).values(period).returning();
    return row!;
  }
}
