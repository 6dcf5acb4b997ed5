import { count, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';

/** The rows a list pages through: those of `table` that match `where`, in `order`. */
export interface ListedRows<T extends PgTable> {
  table: T;
  where: SQL | undefined;
  order: readonly (PgColumn | SQL)[];
}

/** Which of them a page holds. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** One page of the listed rows, and how many there are in all: the two reads go out together. */
export async function pageOfRows<T extends PgTable>(
  executor: Executor,
  listed: ListedRows<T>,
  page: PageWindow,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    selectPage(executor, listed, page),
    executor.select({ total: count() }).from(asAnyTable(listed.table)).where(listed.where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * `pageOfRows` for money records (the order pages): also how many of the matching rows are `completed`,
 * and the sum of their `amount`. A page of `limit` 0 reads only the figures.
 */
export async function pageOfOrders<T extends PgTable>(
  executor: Executor,
  listed: ListedRows<T>,
  page: PageWindow,
  measure: { completed: SQL; amount: PgColumn },
): Promise<{ rows: T['$inferSelect'][]; total: number; completed: { count: number; amountFen: number } }> {
  const [rows, [sums]] = await Promise.all([
    page.limit === 0 ? Promise.resolve([]) : selectPage(executor, listed, page),
    executor
      .select({
        total: count(),
        completedCount: sql<string>`count(*) filter (where ${measure.completed})`,
        completedAmount: sql<string>`coalesce(sum(${measure.amount}) filter (where ${measure.completed}), 0)`,
      })
      .from(asAnyTable(listed.table))
      .where(listed.where),
  ]);
  return {
    rows,
    total: sums?.total ?? 0,
    completed: { count: Number(sums?.completedCount ?? 0), amountFen: Number(sums?.completedAmount ?? 0) },
  };
}

/** Which money records an order page holds: statuses (all when left out) and a creation time range [from, to). */
export interface OrderFilter<Status extends string> {
  statuses?: readonly Status[];
  from?: Date;
  to?: Date;
}

/** The conditions `filter` puts on a money table's status and creation time, for `pageOfOrders`'s `where`. */
export function orderFilterConditions(filter: OrderFilter<string>, columns: { status: PgColumn; createdAt: PgColumn }): SQL[] {
  const conditions: SQL[] = [];
  if (filter.statuses) conditions.push(inArray(columns.status, [...filter.statuses]));
  if (filter.from) conditions.push(gte(columns.createdAt, filter.from));
  if (filter.to) conditions.push(lt(columns.createdAt, filter.to));
  return conditions;
}

function selectPage<T extends PgTable>(
  executor: Executor,
  { table, where, order }: ListedRows<T>,
  page: PageWindow,
): Promise<T['$inferSelect'][]> {
  return executor
    .select()
    .from(asAnyTable(table))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Drizzle cannot type a select from a generic table: it reads `table` as any table, and the signatures
 * above say what a plain select() of it gives.
 */
function asAnyTable(table: PgTable): PgTable {
  return table;
}
