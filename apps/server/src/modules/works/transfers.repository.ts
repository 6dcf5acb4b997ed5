import { and, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { TransferStatus } from '@spatia/contract';
import type { Db } from '../../db/database.js';
import { workTransfers, works } from '../../db/schema/index.js';
import type { Executor, Transaction } from './works.repository.js';

export type TransferRow = typeof workTransfers.$inferSelect;
export type TransferListRow = TransferRow & { workUid: string; workType: (typeof works.$inferSelect)['type']; coverKey: string };

/** The only place that reads and writes work transfers. */
export class TransfersRepository {
  constructor(readonly db: Db) {}

  async insert(transfer: Omit<typeof workTransfers.$inferInsert, 'id'>, executor: Executor): Promise<TransferRow> {
    const [row] = await executor.insert(workTransfers).values(transfer).returning();
    return row!;
  }

  async findById(id: number): Promise<TransferRow | undefined> {
    const [row] = await this.db.select().from(workTransfers).where(eq(workTransfers.id, id));
    return row;
  }

  async lock(id: number, tx: Transaction): Promise<TransferRow | undefined> {
    const [row] = await tx.select().from(workTransfers).where(eq(workTransfers.id, id)).for('update');
    return row;
  }

  async answer(id: number, status: TransferStatus, at: Date, executor: Executor): Promise<void> {
    await executor.update(workTransfers).set({ status, answeredAt: at }).where(eq(workTransfers.id, id));
  }

  /** Pending transfers past their latest receipt time become expired; answers how many. */
  async expireDue(now: Date): Promise<number> {
    const rows = await this.db
      .update(workTransfers)
      .set({ status: 'expired', answeredAt: now })
      .where(and(eq(workTransfers.status, 'pending'), lte(workTransfers.expiresAt, now)))
      .returning({ id: workTransfers.id });
    return rows.length;
  }

  async list(side: 'receiver' | 'sender', userId: number, status: TransferStatus | undefined, limit: number, offset: number) {
    const conditions: SQL[] = [eq(side === 'receiver' ? workTransfers.receiverId : workTransfers.senderId, userId)];
    if (status) conditions.push(eq(workTransfers.status, status));
    const where = and(...conditions);
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select({ transfer: workTransfers, workUid: works.uid, workType: works.type, coverKey: works.coverKey })
        .from(workTransfers)
        .innerJoin(works, eq(works.id, workTransfers.workId))
        .where(where)
        .orderBy(desc(workTransfers.createdAt), desc(workTransfers.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(workTransfers).where(where),
    ]);
    return {
      rows: rows.map((row): TransferListRow => ({ ...row.transfer, workUid: row.workUid, workType: row.workType, coverKey: row.coverKey })),
      total: totalRow?.total ?? 0,
    };
  }
}
