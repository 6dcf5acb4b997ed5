import type { Db, Executor, Transaction } from '../../db/database.js';
import { deleteWorkRow, findWorkRow, saveWorkRow } from '../../db/work-row.js';
import { workTours, type StoredTourSettings } from './tours.tables.js';

export type TourRow = typeof workTours.$inferSelect;

/** The only place that reads and writes `work_tours`. */
export class ToursRepository {
  constructor(readonly db: Db) {}

  find(workId: number, executor: Executor = this.db): Promise<TourRow | undefined> {
    return findWorkRow(executor, workTours, workId);
  }

  lock(workId: number, tx: Transaction): Promise<TourRow | undefined> {
    return findWorkRow(tx, workTours, workId, 'forUpdate');
  }

  save(workId: number, settings: StoredTourSettings, revision: number, executor: Executor = this.db): Promise<TourRow> {
    return saveWorkRow(executor, workTours, workId, { settings, revision, updatedAt: new Date() });
  }

  delete(workId: number, tx: Transaction): Promise<void> {
    return deleteWorkRow(tx, workTours, workId);
  }
}
