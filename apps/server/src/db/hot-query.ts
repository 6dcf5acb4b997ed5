import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './database.js';

/**
 * Runs a statement on the drivers directly, for the few reads hot enough that the query builder's
 * per-row mapping shows in benchmarks. On PostgreSQL it is a named prepared statement (named by a
 * hash of its text), so each connection parses and plans it once. Rows come back as the driver gives
 * them: column names as in SQL; int8 may be a string (pg) or a number (PGlite).
 */
export async function queryHot<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement);
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if ('totalCount' in client) {
    const name = `hot-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    return (await client.query({ name, text, values: params as unknown[] })).rows as Row[];
  }
  return (await client.query<Row>(text, params as unknown[])).rows;
}
