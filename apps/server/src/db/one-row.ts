import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';

/**
 * The row of `table` that `where` picks (a key: at most one matches), if there is one; `'forUpdate'`
 * locks it until the transaction ends.
 */
export async function findOneRow<T extends PgTable>(
  executor: Executor,
  table: T,
  where: SQL | undefined,
  lock?: 'forUpdate',
): Promise<T['$inferSelect'] | undefined> {
  // Drizzle cannot type a select from a generic table: the signature says what a plain select() of it gives.
  const anyTable: PgTable = table;
  const query = executor.select().from(anyTable).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
