import { eq } from 'drizzle-orm';
import type { Measurement } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findOneRow } from '../../db/one-row.js';
import { workMeasurements } from '../../db/schema/index.js';

export type MeasurementsRow = typeof workMeasurements.$inferSelect;

/** The only place that reads and writes `work_measurements`. */
export class PointCloudsRepository {
  constructor(private readonly db: Db) {}

  findMeasurements(workId: number, executor: Executor = this.db): Promise<MeasurementsRow | undefined> {
    return findOneRow(executor, workMeasurements, eq(workMeasurements.workId, workId));
  }

  lockMeasurements(workId: number, tx: Transaction): Promise<MeasurementsRow | undefined> {
    return findOneRow(tx, workMeasurements, eq(workMeasurements.workId, workId), 'forUpdate');
  }

  async saveMeasurements(workId: number, measurements: Measurement[], revision: number, executor: Executor): Promise<MeasurementsRow> {
    const values = { measurements, revision, updatedAt: new Date() };
    const [row] = await executor
      .insert(workMeasurements)
      .values({ workId, ...values })
      .onConflictDoUpdate({ target: workMeasurements.workId, set: values })
      .returning();
    return row!;
  }

  async deleteMeasurements(workId: number, tx: Transaction): Promise<void> {
    await tx.delete(workMeasurements).where(eq(workMeasurements.workId, workId));
  }
}
