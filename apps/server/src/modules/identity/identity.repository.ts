import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { IdentityRecordStatus } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findRowsIn } from '../../db/rows-in.js';
import { findOneRow } from '../../db/one-row.js';
import { pageOfRows } from '../../db/page-of-rows.js';
import { identityApplications, identityKinds } from './identity.tables.js';

export type IdentityKindRow = typeof identityKinds.$inferSelect;
export type IdentityRecordRow = typeof identityApplications.$inferSelect;

/** An approved identity of a user, with its names in both languages (cached as such). */
export interface ApprovedIdentityRow {
  userId: number;
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
}

/** The only place that reads and writes identity kinds and records. */
export class IdentityRepository {
  constructor(readonly db: Db) {}

  findKinds(ids: readonly number[]): Promise<IdentityKindRow[]> {
    return findRowsIn(this.db, identityKinds, identityKinds.id, ids);
  }

  /** The user's latest record of each of these kinds (one per kind at most). */
  async latestRecords(userId: number, identityIds: readonly number[]): Promise<IdentityRecordRow[]> {
    if (identityIds.length === 0) return [];
    return this.db
      .selectDistinctOn([identityApplications.identityId])
      .from(identityApplications)
      .where(and(eq(identityApplications.userId, userId), inArray(identityApplications.identityId, [...identityIds])))
      .orderBy(identityApplications.identityId, desc(identityApplications.createdAt), desc(identityApplications.id));
  }

  /**
   * A new pending record; undefined when the user already has one pending or approved of this kind
   * (the partial unique index `identity_applications_one_open` decides, so two parallel calls cannot both pass).
   */
  async insertPending(record: { userId: number; identityId: number; extras: Record<string, string>; businessCardUrl: string }) {
    const [row] = await this.db
      .insert(identityApplications)
      .values({ ...record, status: 'pending' })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  findRecord(id: number): Promise<IdentityRecordRow | undefined> {
    return findOneRow(this.db, identityApplications, eq(identityApplications.id, id));
  }

  lockRecord(id: number, tx: Transaction): Promise<IdentityRecordRow | undefined> {
    return findOneRow(tx, identityApplications, eq(identityApplications.id, id), 'forUpdate');
  }

  async updateRecord(
    id: number,
    changes: Partial<Pick<IdentityRecordRow, 'status' | 'reason' | 'decidedByUserId' | 'decidedAt'>>,
    executor: Executor,
  ): Promise<IdentityRecordRow> {
    const [row] = await executor.update(identityApplications).set(changes).where(eq(identityApplications.id, id)).returning();
    return row!;
  }

  /** The approved identities of these users whose kinds are shown, in the kinds' order: one query for a whole page. */
  async approvedIdentities(userIds: readonly number[]): Promise<ApprovedIdentityRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select({
        userId: identityApplications.userId,
        id: identityKinds.id,
        code: identityKinds.code,
        nameZh: identityKinds.nameZh,
        nameEn: identityKinds.nameEn,
      })
      .from(identityApplications)
      .innerJoin(identityKinds, eq(identityKinds.id, identityApplications.identityId))
      .where(
        and(
          inArray(identityApplications.userId, [...userIds]),
          eq(identityApplications.status, 'approved'),
          eq(identityKinds.visible, true),
        ),
      )
      .orderBy(asc(identityKinds.sortOrder), asc(identityKinds.id));
  }

  /** The real names (`extras.realName`) of these users' approved identities, any kind, one row per record that has one. */
  async approvedRealNames(userIds: readonly number[]): Promise<{ userId: number; realName: string }[]> {
    if (userIds.length === 0) return [];
    const realName = sql<string>`${identityApplications.extras} ->> 'realName'`;
    return this.db
      .select({ userId: identityApplications.userId, realName })
      .from(identityApplications)
      .where(
        and(
          inArray(identityApplications.userId, [...userIds]),
          eq(identityApplications.status, 'approved'),
          sql`coalesce(${realName}, '') <> ''`,
        ),
      );
  }

  /** The review queue: pending records first (oldest first), then the decided ones (newest first). */
  async listRecords(filter: {
    status: IdentityRecordStatus | undefined;
    identityId: number | undefined;
    limit: number;
    offset: number;
  }): Promise<{ rows: IdentityRecordRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(identityApplications.status, filter.status));
    if (filter.identityId !== undefined) conditions.push(eq(identityApplications.identityId, filter.identityId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const pending = sql`${identityApplications.status} = 'pending'`;
    const order = [
      desc(pending),
      sql`case when ${pending} then ${identityApplications.createdAt} end asc`,
      desc(identityApplications.createdAt),
      desc(identityApplications.id),
    ];
    return pageOfRows(this.db, { table: identityApplications, where, order }, filter);
  }
}
