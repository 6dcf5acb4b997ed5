import { and, arrayContains, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SignedProviderStatus, SigningApplicationStatus } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findOneRow } from '../../db/one-row.js';
import { pageOfRows } from '../../db/page-of-rows.js';
import { signedProviders, signingApplications } from './signing.tables.js';

export type SigningApplicationRow = typeof signingApplications.$inferSelect;
export type SignedProviderRow = typeof signedProviders.$inferSelect;

/** The only place that reads and writes signing applications and signed providers. */
export class SigningRepository {
  constructor(readonly db: Db) {}

  async insertApplication(row: Omit<typeof signingApplications.$inferInsert, 'id'>, executor: Executor): Promise<SigningApplicationRow> {
    const [inserted] = await executor.insert(signingApplications).values(row).returning();
    return inserted!;
  }

  latestApplicationOf(applicantId: number): Promise<SigningApplicationRow | undefined> {
    return this.db
      .select()
      .from(signingApplications)
      .where(eq(signingApplications.applicantId, applicantId))
      .orderBy(desc(signingApplications.createdAt), desc(signingApplications.id))
      .limit(1)
      .then(([row]) => row);
  }

  lockPendingOf(applicantId: number, tx: Transaction): Promise<SigningApplicationRow | undefined> {
    return findOneRow(
      tx,
      signingApplications,
      and(eq(signingApplications.applicantId, applicantId), eq(signingApplications.status, 'pending')),
      'forUpdate',
    );
  }

  lockApplication(id: number, tx: Transaction): Promise<SigningApplicationRow | undefined> {
    return findOneRow(tx, signingApplications, eq(signingApplications.id, id), 'forUpdate');
  }

  async decide(
    id: number,
    decision: { status: SigningApplicationStatus; reason: string; decidedAt: Date; decidedBy: number | null },
    executor: Executor,
  ): Promise<SigningApplicationRow> {
    const [row] = await executor.update(signingApplications).set(decision).where(eq(signingApplications.id, id)).returning();
    return row!;
  }

  listApplications(status: SigningApplicationStatus | undefined, page: { limit: number; offset: number }) {
    const where = status ? eq(signingApplications.status, status) : undefined;
    // Pending first (they wait for someone), then newest.
    const order = [
      sql`(${signingApplications.status} = 'pending') desc`,
      desc(signingApplications.createdAt),
      desc(signingApplications.id),
    ];
    return pageOfRows(this.db, { table: signingApplications, where, order }, page);
  }

  findProvider(userId: number, executor: Executor = this.db): Promise<SignedProviderRow | undefined> {
    return findOneRow(executor, signedProviders, eq(signedProviders.userId, userId));
  }

  lockProvider(userId: number, tx: Transaction): Promise<SignedProviderRow | undefined> {
    return findOneRow(tx, signedProviders, eq(signedProviders.userId, userId), 'forUpdate');
  }

  async upsertProvider(row: typeof signedProviders.$inferInsert, executor: Executor): Promise<SignedProviderRow> {
    const [saved] = await executor
      .insert(signedProviders)
      .values(row)
      .onConflictDoUpdate({
        target: signedProviders.userId,
        set: {
          provinceCodes: row.provinceCodes,
          equipment: row.equipment,
          applicationId: row.applicationId,
          status: 'active',
          signedAt: row.signedAt,
          revokedAt: null,
          revokeReason: '',
        },
      })
      .returning();
    return saved!;
  }

  /** Changes an active provider's areas and equipment; undefined when they are not active (revoked meanwhile). */
  async updateActiveProvider(
    userId: number,
    changes: { provinceCodes: string[]; equipment: string },
    executor: Executor,
  ): Promise<SignedProviderRow | undefined> {
    const [row] = await executor
      .update(signedProviders)
      .set(changes)
      .where(and(eq(signedProviders.userId, userId), eq(signedProviders.status, 'active')))
      .returning();
    return row;
  }

  async revokeProvider(userId: number, reason: string, at: Date, executor: Executor): Promise<SignedProviderRow> {
    const [row] = await executor
      .update(signedProviders)
      .set({ status: 'revoked', revokedAt: at, revokeReason: reason })
      .where(eq(signedProviders.userId, userId))
      .returning();
    return row!;
  }

  async activeProviderIdsIn(provinceCode: string): Promise<number[]> {
    const rows = await this.db
      .select({ userId: signedProviders.userId })
      .from(signedProviders)
      .where(and(eq(signedProviders.status, 'active'), arrayContains(signedProviders.provinceCodes, [provinceCode])));
    return rows.map((row) => row.userId);
  }

  listProviders(filter: { status?: SignedProviderStatus; provinceCode?: string }, page: { limit: number; offset: number }) {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(signedProviders.status, filter.status));
    if (filter.provinceCode) conditions.push(arrayContains(signedProviders.provinceCodes, [filter.provinceCode]));
    const order = [asc(signedProviders.status), desc(signedProviders.signedAt), desc(signedProviders.userId)];
    return pageOfRows(this.db, { table: signedProviders, where: conditions.length ? and(...conditions) : undefined, order }, page);
  }
}
