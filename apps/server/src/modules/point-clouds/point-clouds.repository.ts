import type { Measurement } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { deleteWorkRow, findWorkRow, saveWorkRow } from '../../db/work-row.js';
import { workMeasurements } from './point-clouds.tables.js';

export type MeasurementsRow = typeof workMeasurements.$inferSelect;

/** The only place that reads and writes `work_measurements`. */
export class PointCloudsRepository {
  constructor(private readonly db: Db) {}

  findMeasurements(workId: number, executor: Executor = this.db): Promise<MeasurementsRow | undefined> {
    return findWorkRow(executor, workMeasurements, workId);
  }

  lockMeasurements(workId: number, tx: Transaction): Promise<MeasurementsRow | undefined> {
    return findWorkRow(tx, workMeasurements, workId, 'forUpdate');
  }

  saveMeasurements(workId: number, measurements: Measurement[], revision: number, executor: Executor): Promise<MeasurementsRow> {
    return saveWorkRow(executor, workMeasurements, workId, { measurements, revision, updatedAt: new Date() });
  }

  deleteMeasurements(workId: number, tx: Transaction): Promise<void> {
    return deleteWorkRow(tx, workMeasurements, workId);
  }
}
