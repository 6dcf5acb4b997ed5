import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { BackupHeader, TableManifest } from './backup-archive.js';
import { knownMigrations, ROWS_LEFT_OUT, tablesOf, type Migration, type TableShape } from './database-snapshot.js';
import { quoteIdentifier, quoteQualified, type SqlSession } from './sql-session.js';

/** A restore that must not start: the target is not empty, or this Spatia cannot take the backup. Nothing was written. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** The job queue schema this build's pg-boss creates. */
export const JOB_QUEUE_SCHEMA = (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema;

/**
 * This build's migrations that bring an empty database to the backup's level. A backup of an older
 * Spatia is restored at its own level (the next start migrates the rest); one of a newer Spatia, or one
 * whose job queue pg-boss would have to migrate, is refused.
 */
export function migrationsFor(header: BackupHeader): Migration[] {
  const known = knownMigrations();
  const { count, lastCreatedAt, last } = header.migrations;
  const newest = known.at(-1)!;
  if (count === 0 || lastCreatedAt === null)
    throw new RestoreRefused('The backup holds a database without any schema: there is nothing to restore.');
  const index = known.findIndex((migration) => migration.createdAt === lastCreatedAt);
  if (index < 0 && lastCreatedAt > newest.createdAt) {
    throw new RestoreRefused(
      `This backup was made by a newer Spatia (${header.appVersion}, migration ${last ?? lastCreatedAt}); this one knows migrations up to ${newest.tag}. Restore it with Spatia ${header.appVersion} or later.`,
    );
  }
  if (index < 0 || index + 1 !== count) {
    throw new RestoreRefused(
      `The backup's schema (${count} migrations, the last ${last ?? lastCreatedAt}) is not one this Spatia made: restore it with Spatia ${header.appVersion}.`,
    );
  }
  if (header.jobQueueSchema !== null && header.jobQueueSchema !== JOB_QUEUE_SCHEMA) {
    throw new RestoreRefused(
      `The backup's job queue has pg-boss schema ${header.jobQueueSchema}; this Spatia's has ${JOB_QUEUE_SCHEMA}. Restore it with Spatia ${header.appVersion}.`,
    );
  }
  return known.slice(0, index + 1);
}

/** What `prepareTables` changed, to be put back once the rows are in. */
export interface PreparedTables {
  targetTables: Map<string, TableShape>;
  foreignKeys: { table: string; name: string; definition: string }[];
  triggered: string[];
}

/**
 * Inside the restore's transaction: the schema at the backup's level (the migrations as Drizzle runs them,
 * and recorded as it records them), pg-boss's schema, no rows (the migrations' own seed rows go: the
 * backup has them as they were), and the app's foreign keys and triggers out of the way while rows go in
 * in any order (`finishTables` puts them back, which checks every row against every foreign key).
 */
export async function prepareTables(session: SqlSession, header: BackupHeader, tables: readonly TableManifest[]): Promise<PreparedTables> {
  // A restore waits on the archive and the file store between statements: no idle timeout of the role applies.
  await session.exec(`set local idle_in_transaction_session_timeout = 0; set local statement_timeout = 0; set local lock_timeout = 0`);
  await session.exec(
    'create schema if not exists drizzle; create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrationsFor(header)) {
    for (const statement of migration.statements) if (statement.trim()) await session.exec(statement);
    await session.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.createdAt,
    ]);
  }
  if (header.jobQueueSchema !== null) await session.exec(jobQueueSchemaScript());
  await session.exec(`set local idle_in_transaction_session_timeout = 0; set local lock_timeout = 0`);

  const targetTables = new Map((await tablesOf(session)).map((table) => [table.name, table]));
  for (const table of tables) {
    const target = targetTables.get(table.name);
    if (!target || [...target.columns].sort().join() !== [...table.columns].sort().join()) {
      throw new Error(
        `The backup's table ${table.name} does not match this Spatia's at the same migration: the archive or the schema was changed by hand.`,
      );
    }
  }
  const appTables = [...targetTables.keys()].filter((name) => name.startsWith('public.'));
  if (appTables.length > 0) await session.exec(`truncate table ${appTables.map(quoteQualified).join(', ')} restart identity`);

  const triggered = (
    await session.query<{ name: string }>(
      `select distinct n.nspname || '.' || c.relname as name from pg_trigger t
         join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and n.nspname = 'public'`,
    )
  ).map((row) => row.name);
  for (const table of triggered) await session.exec(`alter table ${quoteQualified(table)} disable trigger user`);
  const foreignKeys = await session.query<{ table: string; name: string; definition: string }>(
    `select n.nspname || '.' || c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conparentid = 0`,
  );
  for (const key of foreignKeys)
    await session.exec(`alter table ${quoteQualified(key.table)} drop constraint ${quoteIdentifier(key.name)}`);
  return { targetTables, foreignKeys, triggered };
}

/** One part of a table's rows (JSON lines) into the table. */
export async function loadRows(session: SqlSession, table: TableShape, lines: string): Promise<void> {
  const rows = `[${lines.trimEnd().split('\n').join(',')}]`;
  const columns = table.columns.map(quoteIdentifier);
  const from = `json_populate_recordset(null::${quoteQualified(table.name)}, $1::json) restored`;
  if (table.name === 'pgboss.queue') {
    // A queue is its row and its partition of the job table: pg-boss's own function makes both, then the row takes the backup's values.
    await session.query(`select pgboss.create_queue(restored.name, '{}'::json) from ${from}`, [rows]);
    await session.query(
      `update pgboss.queue queue set (${columns.join(', ')}) = row(${columns.map((column) => `restored.${column}`).join(', ')})
         from ${from} where queue.name = restored.name`,
      [rows],
    );
    return;
  }
  await session.query(
    `insert into ${quoteQualified(table.name)} (${columns.join(', ')}) overriding system value select ${columns.join(', ')} from ${from}`,
    [rows],
  );
}

/**
 * Sequences where the backup left them, the foreign keys back (each checks every row: a restore whose
 * rows do not hold together fails here, and rolls back), triggers on, and each table counted against the manifest.
 */
export async function finishTables(
  session: SqlSession,
  prepared: PreparedTables,
  tables: readonly TableManifest[],
  sequences: readonly { name: string; value: string | null }[],
): Promise<void> {
  for (const sequence of sequences) {
    if (sequence.value !== null)
      await session.query('select setval($1::regclass, $2::bigint, true)', [quoteQualified(sequence.name), sequence.value]);
  }
  for (const key of prepared.foreignKeys) {
    await session.exec(`alter table ${quoteQualified(key.table)} add constraint ${quoteIdentifier(key.name)} ${key.definition}`);
  }
  for (const table of prepared.triggered) await session.exec(`alter table ${quoteQualified(table)} enable trigger user`);
  for (const table of tables) {
    if (ROWS_LEFT_OUT.has(table.name)) continue;
    const [counted] = await session.query<{ rows: string }>(`select count(*)::text as rows from ${quoteQualified(table.name)}`);
    if (Number(counted?.rows) !== table.rows) {
      throw new Error(`${table.name} holds ${counted?.rows} rows after the restore; the backup has ${table.rows}.`);
    }
  }
}

/** pg-boss's own script for its schema, without its BEGIN and COMMIT: it runs inside the restore's transaction. */
function jobQueueSchemaScript(): string {
  const plan = PgBoss.getConstructionPlans('pgboss');
  const inner = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/.exec(plan)?.[1];
  if (!inner) throw new Error('pg-boss changed the shape of its schema script: backup/database-restore.ts needs a look');
  return inner;
}
