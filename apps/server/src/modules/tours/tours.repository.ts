import type { Db, Executor, Transaction } from '../../db/database.js';
import { deleteWorkRow, saveWorkRow, WorkRowRepository } from '../../db/work-row.js';
import { workTours, type StoredTourSettings } from './tours.tables.js';

export type TourRow = typeof workTours.$inferSelect;

/** The only place that reads and writes `work_tours`. */
export class ToursRepository extends WorkRowRepository<typeof workTours> {
  constructor(db: Db) {
    super(db, workTours);
  }

  save(workId: number, settings: StoredTourSettings, revision: number, executor: Executor = this.db): Promise<TourRow> {
    return saveWorkRow(executor, workTours, workId, { settings, revision, updatedAt: new Date() });
  }

  delete(workId: number, tx: Transaction): Promise<void> {
    return deleteWorkRow(tx, workTours, workId);
  }
}
