import { eq } from 'drizzle-orm';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { workTours, type StoredTourSettings } from '../../db/schema/index.js';

export type TourRow = typeof workTours.$inferSelect;

/** The only place that reads and writes `work_tours`. */
export class ToursRepository {
  constructor(readonly db: Db) {}

  async find(workId: number, executor: Executor = this.db): Promise<TourRow | undefined> {
    const [row] = await executor.select().from(workTours).where(eq(workTours.workId, workId));
    return row;
  }

  async lock(workId: number, tx: Transaction): Promise<TourRow | undefined> {
    const [row] = await tx.select().from(workTours).where(eq(workTours.workId, workId)).for('update');
    return row;
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
