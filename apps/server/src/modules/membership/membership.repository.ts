import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { type MembershipApplicationStatus, type MembershipKind, type MembershipStatus } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findOneRow } from '../../db/one-row.js';
import { findByIdempotencyKey, releaseIdempotencyKey } from '../../db/idempotency-key.js';
import { pageOfOrders, pageOfRows } from '../../db/page-of-rows.js';
import {
  membershipApplications,
  membershipGraceEnd,
  membershipPayments,
  membershipTrials,
  membershipVersionGroups,
  membershipVersions,
  userMemberships,
} from './membership.tables.js';

export type VersionRow = typeof membershipVersions.$inferSelect;
export type ApplicationRow = typeof membershipApplications.$inferSelect;
export type MembershipRow = typeof userMemberships.$inferSelect;
export type MembershipPaymentRow = typeof membershipPayments.$inferSelect;
export type NewMembershipPayment = Omit<typeof membershipPayments.$inferInsert, 'id' | 'createdAt'>;

/** When an active membership stops granting its groups: its end plus the grace period. */
/** How many memberships one run of the job handles per step; the next run takes the rest. */
const JOB_BATCH = 200;

export type VersionFields = Pick<
  typeof membershipVersions.$inferInsert,
  'identityNameZh' | 'identityNameEn' | 'priceTags' | 'monthlyPriceFen' | 'trialDays' | 'sortOrder' | 'visible'
>;

export interface VersionWithGroups extends VersionRow {
  groupCodes: string[];
}

/** The only place that reads and writes membership versions, applications, memberships and trials. */
export class MembershipRepository {
  constructor(readonly db: Db) {}

  // Versions

  async listVersions(onlyVisible: boolean): Promise<VersionWithGroups[]> {
    const rows = await this.db
      .select()
      .from(membershipVersions)
      .where(onlyVisible ? eq(membershipVersions.visible, true) : undefined)
      .orderBy(asc(membershipVersions.sortOrder), asc(membershipVersions.id));
    return this.withGroups(rows);
  }

  async findVersion(id: number, executor: Executor = this.db): Promise<VersionWithGroups | undefined> {
    const rows = await executor.select().from(membershipVersions).where(eq(membershipVersions.id, id));
    const [version] = await this.withGroups(rows, executor);
    return version;
  }

  async insertVersion(fields: VersionFields, groupCodes: readonly string[], tx: Transaction): Promise<number> {
    const [row] = await tx.insert(membershipVersions).values(fields).returning({ id: membershipVersions.id });
    await this.replaceGroups(row!.id, groupCodes, tx);
    return row!.id;
  }

  async updateVersion(id: number, fields: VersionFields, groupCodes: readonly string[], tx: Transaction): Promise<void> {
    await tx
      .update(membershipVersions)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(membershipVersions.id, id));
    await this.replaceGroups(id, groupCodes, tx);
  }

  lockVersion(id: number, tx: Transaction): Promise<VersionRow | undefined> {
    return findOneRow(tx, membershipVersions, eq(membershipVersions.id, id), 'forUpdate');
  }

  async hideVersion(id: number, tx: Transaction): Promise<void> {
    await tx.update(membershipVersions).set({ visible: false, updatedAt: new Date() }).where(eq(membershipVersions.id, id));
  }

  async deleteVersion(id: number, tx: Transaction): Promise<void> {
    await tx.delete(membershipVersions).where(eq(membershipVersions.id, id));
  }

  /** Per version: members holding it now, applications waiting for it, and whether any row (of any state) names it. */
  async versionUsage(
    ids: readonly number[],
    executor: Executor = this.db,
  ): Promise<Map<number, { activeMembers: number; pendingApplications: number; referenced: boolean }>> {
    const usage = new Map(ids.map((id) => [id, { activeMembers: 0, pendingApplications: 0, referenced: false }]));
    if (ids.length === 0) return usage;
    const [members, applications] = await Promise.all([
      countByVersion(executor, userMemberships, 'active', ids),
      countByVersion(executor, membershipApplications, 'pending', ids),
    ]);
    const tally = (rows: VersionCount[], field: 'activeMembers' | 'pendingApplications') => {
      for (const row of rows) {
        const entry = usage.get(row.versionId)!;
        entry[field] = row.matching;
        entry.referenced ||= row.all > 0;
      }
    };
    tally(members, 'activeMembers');
    tally(applications, 'pendingApplications');
    return usage;
  }

  // Applications

  async insertApplication(
    application: { userId: number; versionId: number; details: ApplicationRow['details']; licenceHash: string },
    executor: Executor = this.db,
  ): Promise<number> {
    const [row] = await executor.insert(membershipApplications).values(application).returning({ id: membershipApplications.id });
    return row!.id;
  }

  findPendingApplicationOf(userId: number): Promise<ApplicationRow | undefined> {
    return findOneRow(
      this.db,
      membershipApplications,
      and(eq(membershipApplications.userId, userId), eq(membershipApplications.status, 'pending')),
    );
  }

  lockApplication(id: number, tx: Transaction): Promise<ApplicationRow | undefined> {
    return findOneRow(tx, membershipApplications, eq(membershipApplications.id, id), 'forUpdate');
  }

  async decideApplication(
    id: number,
    decision: { status: Exclude<MembershipApplicationStatus, 'pending'>; reason: string; decidedByUserId: number | null; decidedAt: Date },
    tx: Transaction,
  ): Promise<void> {
    await tx.update(membershipApplications).set(decision).where(eq(membershipApplications.id, id));
  }

  async applicationsOf(userId: number): Promise<ApplicationRow[]> {
    return this.db
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.userId, userId))
      .orderBy(desc(membershipApplications.createdAt), desc(membershipApplications.id));
  }

  /** A page of applications: pending first (oldest first, as a queue), then decided ones, newest first. */
  async listApplications(
    status: MembershipApplicationStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: ApplicationRow[]; total: number }> {
    const where = status ? eq(membershipApplications.status, status) : undefined;
    const order = [
      sql`case when ${membershipApplications.status} = 'pending' then 0 else 1 end`,
      sql`case when ${membershipApplications.status} = 'pending' then ${membershipApplications.createdAt} end asc`,
      desc(membershipApplications.createdAt),
      desc(membershipApplications.id),
    ];
    return pageOfRows(this.db, { table: membershipApplications, where, order }, { limit, offset });
  }

  // Trials

  /** Whether the user, or any of the licence hashes, already had a free trial. */
  async findTrial(userId: number, licenceHashes: readonly string[], executor: Executor = this.db): Promise<'user' | 'licence' | undefined> {
    const conditions: SQL[] = [eq(membershipTrials.userId, userId)];
    if (licenceHashes.length > 0) conditions.push(inArray(membershipTrials.licenceHash, [...licenceHashes]));
    const rows = await executor
      .select({ userId: membershipTrials.userId })
      .from(membershipTrials)
      .where(or(...conditions));
    if (rows.some((row) => row.userId === userId)) return 'user';
    return rows.length > 0 ? 'licence' : undefined;
  }

  async insertTrial(userId: number, licenceHash: string, tx: Transaction): Promise<void> {
    await tx.insert(membershipTrials).values({ userId, licenceHash });
  }

  // Memberships

  async insertMembership(
    membership: { userId: number; versionId: number; applicationId: number | null; kind: MembershipKind; startsAt: Date; endsAt: Date },
    tx: Transaction,
  ): Promise<MembershipRow> {
    const [row] = await tx.insert(userMemberships).values(membership).returning();
    return row!;
  }

  lockActiveMembership(userId: number, tx: Transaction): Promise<MembershipRow | undefined> {
    return findOneRow(tx, userMemberships, and(eq(userMemberships.userId, userId), eq(userMemberships.status, 'active')), 'forUpdate');
  }

  async endMembership(id: number, status: Exclude<MembershipStatus, 'active'>, at: Date, tx: Transaction): Promise<void> {
    // A membership that ends early ends now; one already past its end keeps its own end.
    await tx
      .update(userMemberships)
      .set({ status, endsAt: sql`least(${userMemberships.endsAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(userMemberships.id, id));
  }

  async activeHolders(versionId: number, executor: Executor = this.db): Promise<number[]> {
    const rows = await executor
      .select({ userId: userMemberships.userId })
      .from(userMemberships)
      .where(and(eq(userMemberships.versionId, versionId), eq(userMemberships.status, 'active')));
    return rows.map((row) => row.userId);
  }

  /** The user's latest membership, whatever its state. */
  async latestMembershipOf(userId: number, executor: Executor = this.db): Promise<MembershipRow | undefined> {
    const [row] = await executor
      .select()
      .from(userMemberships)
      .where(eq(userMemberships.userId, userId))
      .orderBy(
        sql`case when ${userMemberships.status} = 'active' then 0 else 1 end`,
        desc(userMemberships.createdAt),
        desc(userMemberships.id),
      )
      .limit(1);
    return row;
  }

  /** Active memberships whose grace period has passed become expired; answers them (user and version). */
  async expireDue(now: Date, tx: Transaction): Promise<{ id: number; userId: number; versionId: number; endsAt: Date }[]> {
    return tx
      .update(userMemberships)
      .set({ status: 'expired' })
      .where(and(eq(userMemberships.status, 'active'), lte(membershipGraceEnd, now)))
      .returning({
        id: userMemberships.id,
        userId: userMemberships.userId,
        versionId: userMemberships.versionId,
        endsAt: userMemberships.endsAt,
      });
  }

  // Paying (docs/membership.md "Paying")

  /** Locks every membership row of the user, in id order: the one order in which renewals take them. */
  async lockMembershipsOf(userId: number, tx: Transaction): Promise<void> {
    await tx
      .select({ id: userMemberships.id })
      .from(userMemberships)
      .where(eq(userMemberships.userId, userId))
      .orderBy(asc(userMemberships.id))
      .for('update');
  }

  /** A new period: the end moves, the membership is paid, and what the job told of the old end is forgotten. */
  async extendMembership(id: number, endsAt: Date, tx: Transaction): Promise<MembershipRow> {
    const [row] = await tx
      .update(userMemberships)
      .set({ endsAt, kind: 'paid', remindedDays: [], graceNotifiedAt: null, autoRenewFailedAt: null })
      .where(eq(userMemberships.id, id))
      .returning();
    return row!;
  }

  async setAutoRenew(id: number, autoRenew: boolean, tx: Transaction): Promise<MembershipRow> {
    const [row] = await tx.update(userMemberships).set({ autoRenew }).where(eq(userMemberships.id, id)).returning();
    return row!;
  }

  async insertPayment(payment: NewMembershipPayment, tx: Transaction): Promise<MembershipPaymentRow> {
    const [row] = await tx.insert(membershipPayments).values(payment).returning();
    return row!;
  }

  async paymentsOf(userId: number, limit: number): Promise<MembershipPaymentRow[]> {
    return this.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.userId, userId))
      .orderBy(desc(membershipPayments.createdAt), desc(membershipPayments.id))
      .limit(limit);
  }

  /** One page of a person's membership payments (all completed), newest first, for the orders pages. */
  async paymentsPage(
    userId: number,
    range: { from?: Date; to?: Date },
    page: { limit: number; offset: number },
  ): Promise<{ rows: MembershipPaymentRow[]; total: number; completed: { count: number; amountFen: number } }> {
    const conditions = [eq(membershipPayments.userId, userId)];
    if (range.from) conditions.push(gte(membershipPayments.createdAt, range.from));
    if (range.to) conditions.push(lt(membershipPayments.createdAt, range.to));
    const order = [desc(membershipPayments.createdAt), desc(membershipPayments.id)];
    return pageOfOrders(this.db, { table: membershipPayments, where: and(...conditions), order }, page, {
      completed: sql`true`,
      amount: membershipPayments.amountFen,
    });
  }

  paymentByIdempotencyKey(userId: number, key: string): Promise<MembershipPaymentRow | undefined> {
    return findByIdempotencyKey(this.db, membershipPayments, userId, key);
  }

  releasePaymentIdempotencyKey(id: number): Promise<void> {
    return releaseIdempotencyKey(this.db, membershipPayments, id);
  }

  /**
   * Active memberships to renew by themselves now: auto-renew on, ended, still in grace. One whose renewal
   * could not pay is tried again each run (the holder may top up meanwhile), after the ones not tried yet.
   */
  async dueForAutoRenewal(now: Date): Promise<MembershipRow[]> {
    return this.db
      .select()
      .from(userMemberships)
      .where(
        and(
          eq(userMemberships.status, 'active'),
          eq(userMemberships.autoRenew, true),
          lte(userMemberships.endsAt, now),
          sql`${membershipGraceEnd} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(sql`${userMemberships.autoRenewFailedAt} asc nulls first`, asc(userMemberships.endsAt))
      .limit(JOB_BATCH);
  }

  async markAutoRenewFailed(id: number, endsAt: Date, at: Date, tx: Transaction): Promise<boolean> {
    const rows = await tx
      .update(userMemberships)
      .set({ autoRenewFailedAt: at })
      .where(and(eq(userMemberships.id, id), eq(userMemberships.endsAt, endsAt), isNull(userMemberships.autoRenewFailedAt)))
      .returning({ id: userMemberships.id });
    return rows.length > 0;
  }

  /** Active memberships with a reminder day reached and not told yet (`days` before the end), locked (others skip them). */
  async lockDueReminders(now: Date, days: readonly number[], tx: Transaction): Promise<MembershipRow[]> {
    const reached = days.map(
      (day) =>
        sql`(${userMemberships.endsAt} <= ${new Date(now.getTime() + day * 24 * 60 * 60_000).toISOString()}::timestamptz and not (${sql.raw(String(day))} = any(${userMemberships.remindedDays})))`,
    );
    return tx
      .select()
      .from(userMemberships)
      .where(
        and(
          eq(userMemberships.status, 'active'),
          sql`${userMemberships.endsAt} > ${now.toISOString()}::timestamptz`,
          sql`(${sql.join(reached, sql` or `)})`,
        ),
      )
      .orderBy(asc(userMemberships.endsAt))
      .limit(JOB_BATCH)
      .for('update', { skipLocked: true });
  }

  async setRemindedDays(id: number, days: number[], tx: Transaction): Promise<void> {
    await tx.update(userMemberships).set({ remindedDays: days }).where(eq(userMemberships.id, id));
  }

  /** Active memberships whose end passed and whose grace was not told yet: marked told, answered. */
  async markGraceDue(now: Date, tx: Transaction): Promise<MembershipRow[]> {
    const due = tx
      .select({ id: userMemberships.id })
      .from(userMemberships)
      .where(
        and(
          eq(userMemberships.status, 'active'),
          lte(userMemberships.endsAt, now),
          sql`${membershipGraceEnd} > ${now.toISOString()}::timestamptz`,
          isNull(userMemberships.graceNotifiedAt),
        ),
      )
      .limit(JOB_BATCH)
      .for('update', { skipLocked: true });
    return tx.update(userMemberships).set({ graceNotifiedAt: now }).where(inArray(userMemberships.id, due)).returning();
  }

  private async replaceGroups(versionId: number, groupCodes: readonly string[], tx: Transaction): Promise<void> {
    await tx.delete(membershipVersionGroups).where(eq(membershipVersionGroups.versionId, versionId));
    if (groupCodes.length > 0) {
      await tx.insert(membershipVersionGroups).values(groupCodes.map((groupCode) => ({ versionId, groupCode })));
    }
  }

  private async withGroups(rows: VersionRow[], executor: Executor = this.db): Promise<VersionWithGroups[]> {
    if (rows.length === 0) return [];
    const groups = await executor
      .select({
        versionId: membershipVersionGroups.versionId,
        groupCode: membershipVersionGroups.groupCode,
      })
      .from(membershipVersionGroups)
      .where(
        inArray(
          membershipVersionGroups.versionId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(membershipVersionGroups.groupCode));
    return rows.map((row) => ({
      ...row,
      groupCodes: groups.filter((group) => group.versionId === row.id).map((group) => group.groupCode),
    }));
  }
}

interface VersionCount {
  versionId: number;
  matching: number;
  all: number;
}

/** Per version among `ids`: how many rows of `table` name it, and how many of those have `status`. */
function countByVersion(
  executor: Executor,
  table: typeof userMemberships | typeof membershipApplications,
  status: MembershipStatus | MembershipApplicationStatus,
  ids: readonly number[],
): Promise<VersionCount[]> {
  return executor
    .select({
      versionId: table.versionId,
      matching: sql<number>`count(*) filter (where ${table.status} = ${status})`.mapWith(Number),
      all: count(),
    })
    .from(table)
    .where(inArray(table.versionId, [...ids]))
    .groupBy(table.versionId);
}
