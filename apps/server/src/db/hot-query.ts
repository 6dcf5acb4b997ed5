import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './database.js';

/** A statement turned into text once: its parameters are values or placeholders to fill per call. */
interface Compiled {
  text: string;
  /** On PostgreSQL, each connection parses a named statement once. */
  name: string;
  params: unknown[];
}

/**
 * Reads hot enough that the query builder shows in benchmarks, run on the drivers directly. Each
 * variant of a statement (which filters are set, say) is built and turned into text once, with
 * `sql.placeholder(name)` where values go; a call only fills in its values. On PostgreSQL a variant
 * is a named prepared statement. Rows come back as the driver gives them: column names as in SQL;
 * int8 may be a string (pg) or a number (PGlite).
 */
export class HotQueries {
  private readonly compiled = new Map<string, Compiled>();

  constructor(private readonly db: Db) {}

  /** Runs the variant `key`, built by `build` the first time. */
  async run<Row>(key: string, build: () => SQL, values: Record<string, unknown>): Promise<Row[]> {
    const statement = this.compiled.get(key) ?? this.compile(key, build());
    const params = fillPlaceholders(statement.params, values);
    const client = (this.db as unknown as { $client: pg.Pool | PGlite }).$client;
    if ('totalCount' in client) return (await client.query({ name: statement.name, text: statement.text, values: params })).rows as Row[];
    return (await client.query<Row>(statement.text, params)).rows;
  }

  private compile(key: string, statement: SQL): Compiled {
    const { sql: text, params } = (this.db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement);
    const compiled = { text, params, name: `hot-${createHash('sha1').update(text).digest('hex').slice(0, 16)}` };
    this.compiled.set(key, compiled);
    return compiled;
  }
}
