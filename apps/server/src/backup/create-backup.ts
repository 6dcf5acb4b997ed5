import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { ListedFile, StorageDriver } from '../drivers/storage/storage-driver.js';
import { VERSION } from '../kernel/platform.js';
import {
  BACKUP_FORMAT,
  createArchive,
  FILES_FOLDER,
  FORMAT_VERSION,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  readAll,
  tablePartName,
  type BackupHeader,
  type BackupManifest,
  type TableManifest,
} from './backup-archive.js';
import { databaseFactsOf, ROWS_LEFT_OUT, rowsOf, sequencesOf, tablesOf } from './database-snapshot.js';
import { inTransaction, type SqlSession, type SqlTarget } from './sql-session.js';
import { HOLD_RENEW_MS, StorageHolds, type StorageHold } from './storage-holds.js';
import { counted, formatBytes, formatCount, secondsSince } from './report.js';
import type { TarWriter } from './tar.js';

/** Rows of a table go into parts of about this many bytes (each part is held in memory once). */
const PART_BYTES = 4 * 1024 * 1024;
/** Uploads in progress (S3: `tus/…` in the same bucket) are no stored files: a client resumes or restarts them. */
const NOT_BACKED_UP = 'tus/';
const PROGRESS_EVERY_MS = 5000;
/** Files read ahead of the one being written, each at most `READ_AHEAD_SIZE` bytes held in memory. */
const READ_AHEAD = 16;
const READ_AHEAD_SIZE = 1024 * 1024;

/** A listed file, read ahead (its bytes, or nothing when it vanished) or to be streamed in its turn. */
interface Fetched {
  listed: ListedFile;
  later?: true;
  size?: number;
  body?: Buffer;
}
const EXAMPLES = 20;

export interface BackupOptions {
  database: Database;
  /** Where the stored files are (the local folder or the bucket), read and listed only. */
  storage: StorageDriver;
  storageKind: 'local' | 's3';
  /** The archive to write; `.tar.gz` or `.tgz` compresses it. It must not exist yet. */
  file: string;
  report: (line: string) => void;
  /** Stops the backup between two entries; what was written is removed. */
  signal?: AbortSignal;
}

export interface BackupSummary {
  file: string;
  archiveBytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  vanished: number;
  changed: number;
  seconds: number;
}

/**
 * Why `file` cannot take a backup, or undefined: it must lie outside the folders the backup reads (an
 * archive inside DATA_DIR/storage would be listed as a stored file and copy itself).
 */
export function backupFileProblem(config: Pick<Config, 'dataDir' | 's3'>, file: string): string | undefined {
  const inside = (folder: string) => {
    const relative = path.relative(path.resolve(folder), path.resolve(file));
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };
  if (!config.s3 && inside(path.join(config.dataDir, 'storage')))
    return `Write the backup outside ${path.join(config.dataDir, 'storage')}: the files there are what it copies.`;
  if (inside(path.join(config.dataDir, 'db')))
    return `Write the backup outside ${path.join(config.dataDir, 'db')}, the embedded database's own folder.`;
  return undefined;
}

/**
 * Writes one archive of the database and the stored files (backup-archive.ts has its layout). The order
 * makes it consistent: a hold on deletions first, then every table read in one snapshot (PostgreSQL:
 * a repeatable-read, read-only transaction; PGlite: one transaction, which other queries wait for), then
 * the files. Every file the snapshot names was stored before the row naming it committed, and none can
 * be deleted before the backup has copied it (storage-holds.ts). Files stored after the snapshot come
 * along too; nothing in the restored database names them.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const started = process.hrtime.bigint();
  const { database, storage, report } = options;
  const archive = await createArchive(options.file);
  const holds = new StorageHolds(database.db);
  let hold: StorageHold | undefined;
  let renewal: NodeJS.Timeout | undefined;
  try {
    if (await holds.available()) {
      hold = await holds.take('backup');
      const held = hold;
      renewal = setInterval(
        () => void held.renew().catch((error: Error) => report(`Could not renew the hold on deletions: ${error.message}`)),
        HOLD_RENEW_MS,
      );
      renewal.unref();
    } else {
      report(
        'This database predates holds on deletions (the server migrates it at its next start): files deleted during this backup may be missing from it.',
      );
    }

    const target: SqlTarget =
      database.kind === 'pglite' ? { kind: 'pglite', client: database.client } : { kind: 'postgres', url: database.url };
    const snapshotAt = new Date();
    const { tables, sequences } = await inTransaction(target, 'isolation level repeatable read, read only', async (session) => {
      const facts = await databaseFactsOf(session);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        formatVersion: FORMAT_VERSION,
        appVersion: VERSION,
        createdAt: snapshotAt.toISOString(),
        database: { kind: database.kind, serverVersion: facts.serverVersion },
        migrations: facts.migrations,
        jobQueueSchema: facts.jobQueueSchema,
        storage: { kind: options.storageKind },
      };
      await archive.tar.addFile(HEADER_ENTRY, ...jsonEntry(header));
      report(
        `Database snapshot taken (${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} ${facts.serverVersion}, ` +
          `migration ${facts.migrations.last ?? facts.migrations.count}); reading its tables`,
      );
      const tables: TableManifest[] = [];
      for (const table of await tablesOf(session)) {
        const written = ROWS_LEFT_OUT.has(table.name)
          ? { rows: 0, parts: 0, sha256: createHash('sha256').digest('hex') }
          : await copyTable(session, table.name, snapshotAt);
        tables.push({ name: table.name, columns: table.columns, ...written });
        if (written.rows > 0) report(`  ${table.name}: ${counted(written.rows, 'row')}`);
      }
      return { tables, sequences: await sequencesOf(session) };
    });
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    report(`Database: ${counted(tables.length, 'table')}, ${counted(rows, 'row')} (${secondsSince(started)} s)`);

    const files = await copyFiles(storage, archive.tar, report, options.signal);
    const manifest: BackupManifest = {
      formatVersion: FORMAT_VERSION,
      snapshotAt: snapshotAt.toISOString(),
      finishedAt: new Date().toISOString(),
      tables,
      sequences,
      files,
    };
    await archive.tar.addFile(MANIFEST_ENTRY, ...jsonEntry(manifest));
    const archiveBytes = await archive.finish();
    return {
      file: options.file,
      archiveBytes,
      tables: tables.length,
      rows,
      files: files.count,
      fileBytes: files.bytes,
      vanished: files.vanished,
      changed: files.changed.length,
      seconds: Number(secondsSince(started)),
    };
  } catch (error) {
    await archive.abort();
    throw error;
  } finally {
    clearInterval(renewal);
    if (hold) await releaseAndFlush(hold, holds, storage, report);
  }

  async function copyTable(session: SqlSession, table: string, snapshotAt: Date) {
    const hash = createHash('sha256');
    let rows = 0;
    let parts = 0;
    let pending: string[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pending.length === 0) return;
      const part = Buffer.from(pending.join(''));
      hash.update(part);
      parts += 1;
      await archive.tar.addFile(tablePartName(table, parts), part.length, part, snapshotAt);
      pending = [];
      pendingBytes = 0;
    };
    for await (const batch of rowsOf(session, table)) {
      options.signal?.throwIfAborted();
      for (const row of batch) {
        const line = `${row}\n`;
        pending.push(line);
        pendingBytes += line.length;
        rows += 1;
      }
      if (pendingBytes >= PART_BYTES) await flush();
    }
    await flush();
    return { rows, parts, sha256: hash.digest('hex') };
  }
}

/**
 * Every stored file except uploads in progress, as listed now, in list order. Small files are read a few
 * ahead (an object store answers each request in tens of milliseconds); large ones are streamed when
 * their turn comes. What vanished or changed while read is counted, not fatal.
 */
async function copyFiles(storage: StorageDriver, tar: TarWriter, report: (line: string) => void, signal: AbortSignal | undefined) {
  const started = process.hrtime.bigint();
  const digest = createHash('sha256');
  const outcome: BackupManifest['files'] = { count: 0, bytes: 0, sha256: '', vanished: 0, changed: [], vanishedExamples: [] };
  let lastReport = Date.now();
  const fetchAhead = async (listed: ListedFile): Promise<Fetched> => {
    if (listed.size > READ_AHEAD_SIZE) return { listed, later: true };
    const file = await storage.read(listed.key);
    return file ? { listed, size: file.size, body: await readAll(file.stream) } : { listed };
  };
  const write = async (fetched: Fetched) => {
    const { listed } = fetched;
    const file = fetched.later ? await storage.read(listed.key) : fetched.body ? { size: fetched.size!, stream: fetched.body } : undefined;
    if (!file) {
      outcome.vanished += 1;
      if (outcome.vanishedExamples.length < EXAMPLES) outcome.vanishedExamples.push(listed.key);
      return;
    }
    const written = await tar.addFile(`${FILES_FOLDER}${listed.key}`, file.size, file.stream, listed.modifiedAt);
    if (!written.complete) outcome.changed.push(listed.key);
    digest.update(`${listed.key}\t${file.size}\t${written.sha256}\n`);
    outcome.count += 1;
    outcome.bytes += file.size;
    if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
      lastReport = Date.now();
      report(`Files: ${formatCount(outcome.count)} copied (${formatBytes(outcome.bytes)}) so far`);
    }
  };
  const ahead: Promise<Fetched>[] = [];
  for await (const listed of storage.list()) {
    if (listed.key.startsWith(NOT_BACKED_UP)) continue;
    signal?.throwIfAborted();
    const fetched = fetchAhead(listed);
    // Awaited in turn below; until then a failure must not count as unhandled.
    fetched.catch(() => undefined);
    ahead.push(fetched);
    if (ahead.length >= READ_AHEAD) await write(await ahead.shift()!);
  }
  while (ahead.length > 0) {
    signal?.throwIfAborted();
    await write(await ahead.shift()!);
  }
  outcome.sha256 = digest.digest('hex');
  report(`Files: ${counted(outcome.count, 'file')} (${formatBytes(outcome.bytes)}) in ${secondsSince(started)} s`);
  if (outcome.vanished > 0) {
    report(
      `  ${formatCount(outcome.vanished)} listed files were gone when read (deleted past the backup's hold), e.g. ${outcome.vanishedExamples.slice(0, 3).join(', ')}`,
    );
  }
  if (outcome.changed.length > 0) {
    report(
      `  ${formatCount(outcome.changed.length)} files changed size while read; restore leaves them out: ${outcome.changed.slice(0, 3).join(', ')}`,
    );
  }
  return outcome;
}

async function releaseAndFlush(hold: StorageHold, holds: StorageHolds, storage: StorageDriver, report: (line: string) => void) {
  try {
    await hold.release();
    const flushed = await holds.flush(storage);
    if (flushed.deleted > 0) report(`Deletions held during the backup carried out: ${formatCount(flushed.deleted)} files`);
  } catch (error) {
    // The hold lapses by itself, and the server carries out held deletions hourly.
    report(`Releasing the hold on deletions failed (${(error as Error).message}); it lapses within 10 minutes.`);
  }
}

function jsonEntry(value: unknown): [number, Buffer] {
  const bytes = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  return [bytes.length, bytes];
}
