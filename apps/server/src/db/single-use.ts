import { and, eq, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';

/** A table of single-use grants: each row is spent once, when `usedAt` is set. */
type SingleUseTable = PgTable & { id: PgColumn; usedAt: PgColumn };

/** Spends the grant `id` at `now`; false when it was spent already (another request won the race). */
export async function spendOnce(executor: Executor, table: SingleUseTable, id: number, now: Date): Promise<boolean> {
  // Drizzle cannot type an update of a generic table: `usedAt` is a column of every SingleUseTable.
  const anyTable: PgTable = table;
  const rows = await executor
    .update(anyTable)
    .set({ usedAt: now })
    .where(and(eq(table.id, id), isNull(table.usedAt)))
    .returning({ id: table.id });
  return rows.length === 1;
}
