import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { rowsOf, type Database, type Transaction } from '../db/database.js';
import { connectOnce } from '../db/single-connection.js';

/** What pg-boss runs its SQL through (its `db` option). */
export interface BossConnection {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss on our own connections, so it needs no pool of its own: the one PGlite client, or the
 * PostgreSQL pool. Without parameters pg-boss may send several statements at once, its schema changes
 * and maintenance wrapped in `BEGIN; … COMMIT;`; when one fails, the connection would stay in an aborted
 * transaction, so it is rolled back on that same connection before the error goes on.
 */
export function bossConnectionFor(database: Database): BossConnection {
  return database.kind === 'pglite' ? pgliteConnection(database.client) : poolConnection(database.pool);
}

/** Arbitrary but fixed, beside the migrations' lock: serialises job-queue setup between processes. */
const SETUP_LOCK_ID = 7_243_002;

/**
 * Runs the job queue's setup (schema, queues, schedules) while no other process does. pg-boss 10's
 * create_queue deadlocks when two processes create the same new queue at once (each holds a lock on the
 * queue table the other's foreign key needs), which is what several workers starting together after a
 * deploy with a new job do. The lock is held on a connection of its own, so a pool of one still works.
 */
export async function withSetupLock<T>(database: Database, setUp: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return setUp();
  const client = await connectOnce(database.url);
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_ID]);
    return await setUp();
  } finally {
    // Ending the session releases the lock too, should the unlock itself fail.
    await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

function pgliteConnection(client: PGlite): BossConnection {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // Holding PGlite's transaction lock for the whole script keeps every other query out of it, and
      // its rollback on error runs before anyone else gets the (only) connection.
      const results = await client.transaction((tx) => tx.exec(text));
      return lastResult(results);
    },
  };
}

function poolConnection(pool: pg.Pool): BossConnection {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pool.query(text, values);
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const result: pg.QueryResult | pg.QueryResult[] = await client.query(text);
        return Array.isArray(result) ? lastResult(result) : result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}

function lastResult<R extends { rows: unknown[] }>(results: R[]): { rows: unknown[] } {
  return results.at(-1) ?? { rows: [] };
}

/**
 * pg-boss's SQL run inside one of our Drizzle transactions, so a job is queued together with the rows
 * it is about. pg-boss numbers its parameters and may use one several times (`$5` … `$5`); Drizzle
 * numbers them in order of appearance, so each is bound once and later uses point back at it.
 */
export function bossConnectionInTransaction(transaction: Transaction): BossConnection {
  return {
    async executeSql(text, values = []) {
      return { rows: await rowsOf(transaction, toDrizzleSql(text, values)) };
    },
  };
}

export function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  const bound = new Map<number, number>();
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]);
    chunks.push(sql.raw(text.slice(last, match.index)));
    const position = bound.get(index);
    if (position === undefined) {
      bound.set(index, bound.size + 1);
      chunks.push(sql`${sql.param(values[index - 1])}`);
    } else {
      chunks.push(sql.raw(`$${position}`));
    }
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
