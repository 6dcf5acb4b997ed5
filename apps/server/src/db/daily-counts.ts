import { type AnyColumn, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { BusinessCalendar } from '../lib/business-time.js';
import { addDays } from '../lib/day-range.js';
import { type Executor, rowsOf } from './database.js';

export interface DailyCount {
  /** A business day, `YYYY-MM-DD`. */
  day: string;
  count: number;
}

/** How many rows of `table` were stamped on each business day of the last `days` days (days without any are left out). */
export async function countPerDay(
  executor: Executor,
  table: PgTable,
  stamp: AnyColumn,
  days: number,
  calendar: BusinessCalendar,
  now = new Date(),
): Promise<DailyCount[]> {
  const since = calendar.dayStart(addDays(calendar.today(now.getTime()), -(days - 1)));
  const rows = await rowsOf<{ day: string; count: string | number }>(
    executor,
    sql`select to_char(${stamp} at time zone ${calendar.zone}, 'YYYY-MM-DD') as day, count(*) as count
        from ${table} where ${stamp} >= ${since.toISOString()} group by 1 order by 1`,
  );
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** All rows of `table`. */
export async function countAll(executor: Executor, table: PgTable): Promise<number> {
  const [row] = await rowsOf<{ count: string | number }>(executor, sql`select count(*) as count from ${table}`);
  return Number(row?.count ?? 0);
}
