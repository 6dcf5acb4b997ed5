import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './database.js';
import { findOneRow } from './one-row.js';

/** A table that holds at most one row per work, keyed by its `workId` column (tours, measurements, processing). */
type TableOfWorkRows = PgTable & { workId: PgColumn };

/** The row a work has in `table`, if any; `'forUpdate'` locks it until the transaction ends. */
export function findWorkRow<T extends TableOfWorkRows>(
  executor: Executor,
  table: T,
  workId: number,
  lock?: 'forUpdate',
): Promise<T['$inferSelect'] | undefined> {
  return findOneRow(executor, table, eq(table.workId, workId), lock);
}

/** Writes `values` into the work's row of `table`, creating the row when the work has none; answers the row. */
export async function saveWorkRow<T extends TableOfWorkRows>(
  executor: Executor,
  table: T,
  workId: number,
  values: Omit<T['$inferInsert'], 'workId'>,
): Promise<T['$inferSelect']> {
  // Drizzle cannot type an insert into a generic table: the signature says what the row is.
  const anyTable: PgTable = table;
  const [row] = await executor
    .insert(anyTable)
    .values({ workId, ...values })
    .onConflictDoUpdate({ target: table.workId, set: values })
    .returning();
  return row!;
}

/** Deletes the work's row of `table`, if it has one. */
export async function deleteWorkRow(executor: Executor, table: TableOfWorkRows, workId: number): Promise<void> {
  await executor.delete(table).where(eq(table.workId, workId));
}

/** The repository of a table that holds at most one row per work: the work's row, read or locked. */
export class WorkRowRepository<T extends TableOfWorkRows> {
  constructor(
    readonly db: Db,
    protected readonly table: T,
  ) {}

  find(workId: number, executor: Executor = this.db): Promise<T['$inferSelect'] | undefined> {
    return findWorkRow(executor, this.table, workId);
  }

  /** The row, locked until the transaction of `executor` ends. */
  lock(workId: number, executor: Executor): Promise<T['$inferSelect'] | undefined> {
    return findWorkRow(executor, this.table, workId, 'forUpdate');
  }
}
