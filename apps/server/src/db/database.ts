import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Config } from '../config/config.js';
import { trackCommits } from './after-commit.js';
import { PostgresPool } from './postgres-pool.js';
import { connectOnce } from './single-connection.js';
/**
 * The Drizzle handle every repository uses; the same type on PGlite and on PostgreSQL. It carries no
 * schema: repositories import their own module's tables, and nothing uses Drizzle's relational queries,
 * so no file has to gather every table (drizzle-kit finds them by the `*.tables.ts` pattern).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** What `db.transaction(async (tx) => …)` hands its callback. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction or the database itself: repositories take one where a read or write may join the caller's transaction. */
export type Executor = Db | Transaction;

/**
 * The rows of raw SQL. Drizzle types `execute` by driver (PGlite and node-postgres answer alike, with
 * `rows`), and `Db` is written for both, so the shape is stated here once.
 */
export async function rowsOf<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: Row[] }).rows;
}

interface DatabaseHandle {
  db: Db;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The open database. The driver's own handle stays reachable for libraries that bring their own SQL
 * (the job queue): on PGlite every query must go through the one client, on PostgreSQL through the pool.
 */
export type Database = DatabaseHandle & ({ kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string });

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Arbitrary but fixed: serialises migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_243_001;

/**
 * Opens the configured database and brings its schema up to date (`migrate: false` leaves it as it is:
 * a backup reads what is there). `dataDir: null` opens an in-memory PGlite, which the tests use, empty or
 * a copy of `template`.
 */
export async function openDatabase(
  options: Config['database'] | { kind: 'pglite'; dataDir: null; template?: Blob },
  { migrate = true }: { migrate?: boolean } = {},
): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize, migrate);
  return openPglite(options.dataDir, 'template' in options ? options.template : undefined, migrate);
}

/** `template`: for an in-memory database, a data directory (a tarball of one) to start from. */
async function openPglite(dataDir: string | null, template: Blob | undefined, migrate: boolean): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create({ loadDataDir: template });
  const db = drizzlePglite({ client });
  if (migrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: trackCommits(db as unknown as Db),
    kind: 'pglite',
    client,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number, migrate: boolean): Promise<Database> {
  if (migrate) await migratePostgresOnce(url);
  // Watches the connections it lends too, and waits at most CONNECT_TIMEOUT_MS for one (postgres-pool.ts).
  const pool = new PostgresPool({ connectionString: url, max: poolSize });
  // An idle connection that dies (a database restart, a network cut, a terminated backend) is reported
  // here; without a listener it would crash the process. The pool opens a new one when next needed.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  const db = drizzlePostgres({ client: pool });
  return {
    db: trackCommits(db as unknown as Db),
    kind: 'postgres',
    pool,
    url,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function migratePostgresOnce(url: string): Promise<void> {
  const client = await connectOnce(url);
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
