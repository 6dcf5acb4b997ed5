import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { connectOnce } from '../db/single-connection.js';

/**
 * One database transaction of raw SQL, the same on PGlite and PostgreSQL: backups read and restores write
 * through it, below Drizzle (they handle every table alike, as rows of JSON).
 */
export interface SqlSession {
  /** One statement, with parameters. */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Statements without parameters, several at once (a migration, pg-boss's schema). */
  exec(script: string): Promise<void>;
}

/** Where a backup reads from or a restore writes to. */
export type SqlTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws. On PostgreSQL a
 * connection of its own (`begin` says how: `repeatable read, read only` for a snapshot); on PGlite the one
 * connection, which every other query waits for meanwhile.
 */
export async function inTransaction<T>(target: SqlTarget, begin: string, work: (session: SqlSession) => Promise<T>): Promise<T> {
  if (target.kind === 'pglite') return target.client.transaction((tx) => work(pgliteSession(tx)));
  const client = await connectOnce(target.url);
  try {
    await client.query(`begin ${begin}`);
    try {
      const result = await work(postgresSession(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

function pgliteSession(tx: PGliteTransaction): SqlSession {
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
    exec: async (script) => {
      await tx.exec(script);
    },
  };
}

function postgresSession(client: pg.Client): SqlSession {
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
    exec: async (script) => {
      await client.query(script);
    },
  };
}

/** `"schema"."table"` of `schema.table` (names of the catalogue, never of a person). */
export function quoteQualified(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
