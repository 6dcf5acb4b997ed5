import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER } from '../db/database.js';
import type { BackupHeader } from './backup-archive.js';
import { quoteQualified, type SqlSession } from './sql-session.js';

/** The schemas a backup holds: the app's tables, and the job queue's (jobs waiting to run are data too). */
export const BACKED_UP_SCHEMAS = ['public', 'pgboss'];
/**
 * Tables kept without their rows: a backup's own hold on deletions (it would hold deletions in the restored
 * site until it lapsed), and pg-boss's version row, which pg-boss writes when restore creates its schema.
 */
export const ROWS_LEFT_OUT = new Set(['public.storage_holds', 'pgboss.version']);
/** Rows fetched per round trip while a table is read. */
const FETCH_ROWS = 1000;

export interface TableShape {
  name: string;
  columns: string[];
}

/** The tables of the backed-up schemas with their stored columns, the app's first and pg-boss's queue table first of its own. */
export async function tablesOf(session: SqlSession): Promise<TableShape[]> {
  const rows = await session.query<{ name: string; columns: string[] }>(
    `select n.nspname || '.' || c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1::text[])
      group by n.nspname, c.relname`,
    [BACKED_UP_SCHEMAS],
  );
  return rows
    .map((row) => ({ name: row.name, columns: row.columns }))
    .sort((a, b) => tableOrder(a.name) - tableOrder(b.name) || a.name.localeCompare(b.name));
}

/** pg-boss's jobs live in partitions of its queues: the queue rows must be there first. */
function tableOrder(name: string): number {
  if (name.startsWith('public.')) return 0;
  return name === 'pgboss.queue' ? 1 : 2;
}

/** Each `FETCH_ROWS` rows of a table as JSON text (one object per row, every column by name), through a cursor. */
export async function* rowsOf(session: SqlSession, table: string): AsyncGenerator<string[]> {
  await session.query(
    `declare backup_rows no scroll cursor for select to_json(backup_row.*)::text as row from ${quoteQualified(table)} backup_row`,
  );
  try {
    for (;;) {
      const batch = await session.query<{ row: string }>(`fetch forward ${FETCH_ROWS} from backup_rows`);
      if (batch.length === 0) return;
      yield batch.map((entry) => entry.row);
    }
  } finally {
    // After a failed fetch the transaction is aborted and the cursor gone with it: that error is the one to tell.
    await session.query('close backup_rows').catch(() => undefined);
  }
}

export async function sequencesOf(session: SqlSession): Promise<{ name: string; value: string | null }[]> {
  return session.query<{ name: string; value: string | null }>(
    `select schemaname || '.' || sequencename as name, last_value::text as value
       from pg_sequences where schemaname = any($1::text[]) order by 1`,
    [BACKED_UP_SCHEMAS],
  );
}

export async function databaseFactsOf(
  session: SqlSession,
): Promise<Pick<BackupHeader, 'migrations' | 'jobQueueSchema'> & { serverVersion: string }> {
  const [version] = await session.query<{ server_version: string }>('show server_version');
  const [present] = await session.query<{ migrations: boolean; boss: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as migrations, to_regclass('pgboss.version') is not null as boss`,
  );
  const applied = present?.migrations
    ? await session.query<{ hash: string; created_at: string }>(
        'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
      )
    : [];
  const last = applied.at(-1);
  const boss = present?.boss ? await session.query<{ version: number }>('select version::int as version from pgboss.version') : [];
  const lastCreatedAt = last ? Number(last.created_at) : null;
  return {
    serverVersion: version?.server_version ?? 'unknown',
    migrations: {
      count: applied.length,
      last: lastCreatedAt === null ? null : (knownMigrations().find((migration) => migration.createdAt === lastCreatedAt)?.tag ?? null),
      lastHash: last?.hash ?? null,
      lastCreatedAt,
    },
    jobQueueSchema: boss[0]?.version ?? null,
  };
}

export interface Migration {
  tag: string;
  createdAt: number;
  hash: string;
  statements: string[];
}

let migrations: Migration[] | undefined;

/** This build's migrations, in order, as Drizzle's migrator reads and records them. */
export function knownMigrations(): Migration[] {
  if (migrations) return migrations;
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  migrations = files.map((file, index) => ({
    tag: journal.entries[index]!.tag,
    createdAt: file.folderMillis,
    hash: file.hash,
    statements: file.sql,
  }));
  return migrations;
}
