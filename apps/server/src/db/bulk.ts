import { sql, type SQL } from 'drizzle-orm';

/**
 * Many values as few statement parameters, for statements over thousands of rows: a parameter per value
 * costs more to build and to parse than the work it asks for, and PostgreSQL takes at most 65,535.
 */

/** `= any(...)` over these ids: `where id ${anyId(ids)}`. */
export function anyId(ids: readonly number[]): SQL {
  return sql`= any(${`{${ids.join(',')}}`}::bigint[])`;
}

/**
 * Rows as a table source, one array parameter per column: `select … from ${recordset(rows, 'a bigint, "b" text')}`
 * names the columns `r.a` and `r."b"`. Columns of scalar types only. Arrays, not one JSON document:
 * `jsonb_to_recordset` turns every value to text and back, which took four times as long over the daily
 * billing's 5,000 bills (bench/traffic-billing.mjs).
 */
export function recordset(rows: readonly object[], columns: string): SQL {
  const spec = columns.split(',').map((column) => {
    const match = /^\s*(?:"([^"]+)"|(\w+))\s+(\w+(?: \w+)*)\s*$/.exec(column);
    if (!match) throw new Error(`recordset: cannot read the column ${column}`);
    return { name: (match[1] ?? match[2])!, quoted: match[1] !== undefined, type: match[3]! };
  });
  const arrays = spec.map(
    ({ name, type }) => sql`${arrayLiteral(rows.map((row) => (row as Record<string, unknown>)[name]))}::${sql.raw(type)}[]`,
  );
  const names = spec.map(({ name, quoted }) => sql.raw(quoted ? `"${name}"` : name));
  return sql`unnest(${sql.join(arrays, sql`, `)}) as r(${sql.join(names, sql`, `)})`;
}

/** A PostgreSQL array literal of scalars: `{1,"text",NULL,t}`. */
export function arrayLiteral(values: readonly unknown[]): string {
  return `{${values.map(element).join(',')}}`;
}

function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`recordset: ${value} is not a number PostgreSQL takes`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'string') return `"${value.replace(/[\\"]/g, '\\$&')}"`;
  throw new Error(`recordset: a ${typeof value} is not a scalar`);
}
