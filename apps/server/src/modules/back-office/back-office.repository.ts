import type { Db, Transaction } from '../../db/database.js';

/**
 * The back office owns no tables: it reads and changes users through their modules' services. Its
 * one need of the database is a transaction that spans those services' writes and the admin log.
 */
export class BackOfficeRepository {
  constructor(private readonly db: Db) {}

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
