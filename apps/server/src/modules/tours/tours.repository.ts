import { eq } from 'drizzle-orm';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findOneRow } from '../../db/one-row.js';
import { workTours, type StoredTourSettings } from '../../db/schema/index.js';

export type TourRow = typeof workTours.$inferSelect;

/** The only place that reads and writes `work_tours`. */
export class ToursRepository {
  constructor(readonly db: Db) {}

  find(workId: number, executor: Executor = this.db): Promise<TourRow | undefined> {
    return findOneRow(executor, workTours, eq(workTours.workId, workId));
  }

  lock(workId: number, tx: Transaction): Promise<TourRow | undefined> {
    return findOneRow(tx, workTours, eq(workTours.workId, workId), 'forUpdate');
  }

  async save(workId: number, settings: StoredTourSettings, revision: number, executor: Executor = this.db): Promise<TourRow> {
    const values = { settings, revision, updatedAt: new Date() };
    const [row] = await executor
      .insert(workTours)
      .values({ workId, ...values })
      .onConflictDoUpdate({ target: workTours.workId, set: values })
      .returning();
    return row!;
  }

  async delete(workId: number, tx: Transaction): Promise<void> {
    await tx.delete(workTours).where(eq(workTours.workId, workId));
  }
}
