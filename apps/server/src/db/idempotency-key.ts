import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';
import { findOneRow } from './one-row.js';

/** A table whose rows requests create under an `Idempotency-Key` (lib/idempotency.ts), unique on (user, key). */
type KeyedTable = PgTable & { id: PgColumn; userId: PgColumn; idempotencyKey: PgColumn };

/** The row of `table` the user created under `key`, however old. */
export function findByIdempotencyKey<T extends KeyedTable>(
  executor: Executor,
  table: T,
  userId: number,
  key: string,
): Promise<T['$inferSelect'] | undefined> {
  return findOneRow(executor, table, and(eq(table.userId, userId), eq(table.idempotencyKey, key)));
}

/** Takes the key off a row older than the key's window, so that the key can create again. */
export async function releaseIdempotencyKey(executor: Executor, table: KeyedTable, id: number): Promise<void> {
  await executor.update(table).set({ idempotencyKey: null }).where(eq(table.id, id));
}
