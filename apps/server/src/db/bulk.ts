import { sql, type SQL } from 'drizzle-orm';

/**
 * Many values as one statement parameter, for statements over thousands of rows: a parameter per value
 * costs more to build and to parse than the work it asks for, and PostgreSQL takes at most 65,535.
 */

/** `= any(...)` over these ids: `where id ${anyId(ids)}`. */
export function anyId(ids: readonly number[]): SQL {
  return sql`= any(${`{${ids.join(',')}}`}::bigint[])`;
}

/** Rows as a `jsonb_to_recordset` source: `select … from ${recordset(rows, 'a bigint, b text')}`. */
export function recordset(rows: readonly object[], columns: string): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${sql.raw(columns)})`;
}
