import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';

/** The rows of `table` whose `column` is one of `values`; none, without a query, when there are no values. */
export async function findRowsIn<T extends PgTable>(
  executor: Executor,
  table: T,
  column: PgColumn,
  values: readonly unknown[],
): Promise<T['$inferSelect'][]> {
  if (values.length === 0) return [];
  // Drizzle cannot type a select from a generic table: the signature says what a plain select() of it gives.
  const anyTable: PgTable = table;
  return executor
    .select()
    .from(anyTable)
    .where(inArray(column, [...values]));
}
