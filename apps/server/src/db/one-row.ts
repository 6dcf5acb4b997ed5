import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/** A table whose rows have an `id` and note when they last changed. */
type ChangingTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** Writes `changes` into the row of `table` with this `id`, noting the time in `updatedAt`; answers the row as it is now. */
export async function updateRowById<T extends ChangingTable>(
  executor: Executor,
  table: T,
  id: number,
  changes: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const anyTable: PgTable = table;
  const [row] = await executor
    .update(anyTable)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return row!;
}
