import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStorageKey, type StorageDriver } from '../drivers/storage/storage-driver.js';
import { contentTypeOfKey } from '../lib/file-signature.js';
import {
  FILES_FOLDER,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  parseHeader,
  readAll,
  readArchive,
  tableOfPart,
  UnreadableArchive,
  type BackupHeader,
  type BackupManifest,
} from './backup-archive.js';
import { finishTables, loadRows, migrationsFor, prepareTables, RestoreRefused } from './database-restore.js';
import { counted, formatBytes, formatCount, secondsSince } from './report.js';
import { inTransaction, type SqlTarget } from './sql-session.js';
import { ArchiveError } from './tar.js';

/** Files up to this size go into storage from memory, several at once; larger ones one by one through a file in the scratch folder. */
const IN_MEMORY_FILE = 8 * 1024 * 1024;
const PUTS_AT_ONCE = 8;
const PROGRESS_EVERY_MS = 5000;

export interface RestoreOptions {
  file: string;
  /** The empty database to restore into. */
  database: SqlTarget;
  /** The empty storage to put the files into. */
  storage: StorageDriver;
  /** How the report names them: "the embedded database in data/db", "the S3 bucket spatia-files". */
  databaseName: string;
  storageName: string;
  /** Where large files wait on their way into storage (on the storage's own disk, they are renamed into place). */
  scratchDir: string;
  report: (line: string) => void;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  /** Files the backup marked as changed while read, left out. */
  skipped: number;
  seconds: number;
}

/**
 * Brings a backup back into an empty database and empty storage, in three passes over the archive:
 * its header (a foreign or newer archive is refused at once), the targets' emptiness, a check of every
 * entry against the manifest's checksums (a damaged or truncated archive is refused before anything is
 * written), then the restore itself: the schema, every row and every file inside one database
 * transaction, committed only once the files are in storage. A failure rolls the database back and removes
 * the files it had put.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const started = process.hrtime.bigint();
  const { report } = options;
  const header = await readHeader(options.file);
  migrationsFor(header);
  report(
    `${options.file}: a backup made ${header.createdAt} by Spatia ${header.appVersion} from ` +
      `${header.database.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'} (migration ${header.migrations.last ?? header.migrations.count})`,
  );
  await assertEmpty(options);
  report('Checking the archive against its manifest');
  const manifest = await verifyArchive(options.file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  report(
    `Archive checked: ${counted(manifest.tables.length, 'table')}, ${counted(rows, 'row')}, ` +
      `${counted(manifest.files.count, 'file')} (${formatBytes(manifest.files.bytes)}) in ${secondsSince(started)} s`,
  );
  report(`Restoring into ${options.databaseName} and ${options.storageName}`);

  const put: string[] = [];
  const putting = new PutPool(PUTS_AT_ONCE);
  const skipped = new Set(manifest.files.changed);
  try {
    const files = await inTransaction(options.database, '', async (session) => {
      const prepared = await prepareTables(session, header, manifest.tables);
      report(
        `Schema created at migration ${header.migrations.last ?? header.migrations.count}${header.jobQueueSchema === null ? '' : ', with the job queue'}`,
      );
      let databaseDone = false;
      const finishDatabase = async () => {
        await finishTables(session, prepared, manifest.tables, manifest.sequences);
        databaseDone = true;
        for (const table of manifest.tables) if (table.rows > 0) report(`  ${table.name}: ${counted(table.rows, 'row')}`);
        report(
          `Database: ${counted(manifest.tables.length, 'table')}, ${counted(rows, 'row')}, foreign keys checked (${secondsSince(started)} s)`,
        );
      };
      const outcome = { count: 0, bytes: 0 };
      let lastReport = Date.now();
      for await (const entry of readArchive(options.file)) {
        const table = tableOfPart(entry.name);
        if (table) {
          const lines = (await readAll(entry.body)).toString('utf8');
          await loadRows(session, prepared.targetTables.get(table)!, lines);
          continue;
        }
        if (!entry.name.startsWith(FILES_FOLDER)) continue;
        if (!databaseDone) await finishDatabase();
        const key = entry.name.slice(FILES_FOLDER.length);
        if (skipped.has(key)) continue;
        put.push(key);
        if (entry.size <= IN_MEMORY_FILE) {
          const bytes = await readAll(entry.body);
          await putting.start(() => options.storage.put(key, bytes, contentTypeOfKey(key)));
        } else {
          await putLargeFile(options, key, entry.body);
        }
        outcome.count += 1;
        outcome.bytes += entry.size;
        if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
          lastReport = Date.now();
          report(
            `Files: ${formatCount(outcome.count)} of ${formatCount(manifest.files.count - skipped.size)} put back (${formatBytes(outcome.bytes)})`,
          );
        }
      }
      await putting.finish();
      if (!databaseDone) await finishDatabase();
      report(`Files: ${counted(outcome.count, 'file')} (${formatBytes(outcome.bytes)}); committing`);
      return outcome;
    });
    if (skipped.size > 0)
      report(
        `  Left out ${formatCount(skipped.size)} files that changed while the backup read them: ${[...skipped].slice(0, 3).join(', ')}`,
      );
    return {
      tables: manifest.tables.length,
      rows,
      files: files.count,
      fileBytes: files.bytes,
      skipped: skipped.size,
      seconds: Number(secondsSince(started)),
    };
  } catch (error) {
    await putting.settle();
    if (put.length > 0) {
      report(`Restore failed: removing the ${formatCount(put.length)} files it had put back`);
      for (const key of put) await options.storage.delete(key).catch(() => undefined);
    }
    throw error;
  }
}

async function readHeader(file: string): Promise<BackupHeader> {
  const entries = readArchive(file);
  try {
    const first = await entries.next();
    if (first.done || first.value.name !== HEADER_ENTRY)
      throw new ArchiveError(`${file} is not a Spatia backup: it does not begin with ${HEADER_ENTRY}.`);
    return parseHeader(await readAll(first.value.body));
  } catch (error) {
    // A file that is no tar at all reads as a damaged one: say what the person is likely to need.
    if (error instanceof ArchiveError && !(error instanceof UnreadableArchive) && !/Spatia/.test(error.message)) {
      throw new ArchiveError(`${file} is not a Spatia backup, or is damaged: ${error.message}`);
    }
    throw error;
  } finally {
    await entries.return(undefined);
  }
}

/** The targets hold nothing: no table in any schema of the database, no stored file (uploads in progress aside). */
async function assertEmpty(options: RestoreOptions): Promise<void> {
  const found = await inTransaction(options.database, 'read only', (session) =>
    session.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
        order by 1 limit 3`,
    ),
  );
  if (found.length > 0) {
    throw new RestoreRefused(
      `${options.databaseName} is not empty (it has ${found.map((row) => row.name).join(', ')}…): restore only into a new, empty database. Nothing was written.`,
    );
  }
  for await (const file of options.storage.list()) {
    if (file.key.startsWith('tus/')) continue;
    throw new RestoreRefused(
      `${options.storageName} is not empty (it holds ${file.key}…): restore only into empty storage. Nothing was written.`,
    );
  }
}

/** Reads the whole archive and checks every entry against the manifest; answers the manifest. */
async function verifyArchive(file: string): Promise<BackupManifest> {
  const tables = new Map<string, { hash: ReturnType<typeof createHash>; rows: number; parts: number }>();
  const files = { count: 0, bytes: 0, digest: createHash('sha256') };
  let manifest: BackupManifest | undefined;
  for await (const entry of readArchive(file)) {
    if (manifest) throw new ArchiveError(`The archive has ${entry.name} after its manifest: it is not one backup.`);
    if (entry.name === HEADER_ENTRY) {
      await readAll(entry.body);
      continue;
    }
    if (entry.name === MANIFEST_ENTRY) {
      const text = (await readAll(entry.body)).toString('utf8');
      try {
        manifest = JSON.parse(text) as BackupManifest;
      } catch {
        throw new ArchiveError(`The archive's ${MANIFEST_ENTRY} is not JSON: the archive is damaged.`);
      }
      continue;
    }
    const table = tableOfPart(entry.name);
    if (table) {
      const seen = tables.get(table) ?? { hash: createHash('sha256'), rows: 0, parts: 0 };
      tables.set(table, seen);
      seen.parts += 1;
      for await (const chunk of entry.body) {
        seen.hash.update(chunk);
        for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) seen.rows += 1;
      }
      continue;
    }
    if (entry.name.startsWith(FILES_FOLDER) && isStorageKey(entry.name.slice(FILES_FOLDER.length))) {
      const hash = createHash('sha256');
      for await (const chunk of entry.body) hash.update(chunk);
      files.digest.update(`${entry.name.slice(FILES_FOLDER.length)}\t${entry.size}\t${hash.digest('hex')}\n`);
      files.count += 1;
      files.bytes += entry.size;
      continue;
    }
    throw new ArchiveError(`The archive holds ${entry.name}, which no Spatia backup has.`);
  }
  if (!manifest)
    throw new ArchiveError(`The archive ends without its ${MANIFEST_ENTRY}: the backup never finished, or the file was cut short.`);
  for (const table of manifest.tables) {
    const seen = tables.get(table.name) ?? { hash: createHash('sha256'), rows: 0, parts: 0 };
    tables.delete(table.name);
    if (seen.parts !== table.parts || seen.rows !== table.rows || seen.hash.digest('hex') !== table.sha256) {
      throw new ArchiveError(`The archive is damaged: the rows of ${table.name} do not match its manifest.`);
    }
  }
  if (tables.size > 0)
    throw new ArchiveError(`The archive is damaged: it holds rows of ${[...tables.keys()][0]}, which its manifest does not list.`);
  if (
    files.count !== manifest.files.count ||
    files.bytes !== manifest.files.bytes ||
    files.digest.digest('hex') !== manifest.files.sha256
  ) {
    throw new ArchiveError(
      `The archive is damaged: its files do not match its manifest (${files.count} found, ${manifest.files.count} listed).`,
    );
  }
  return manifest;
}

async function putLargeFile(options: RestoreOptions, key: string, body: AsyncIterable<Buffer>): Promise<void> {
  await mkdir(options.scratchDir, { recursive: true });
  const scratch = path.join(options.scratchDir, `restore-${randomBytes(6).toString('hex')}`);
  try {
    await pipeline(Readable.from(body), createWriteStream(scratch));
    await options.storage.putFile(key, scratch, contentTypeOfKey(key));
  } finally {
    await rm(scratch, { force: true });
  }
}

/** Up to `limit` puts at a time (an object store answers each in tens of milliseconds); the first failure stops the rest. */
class PutPool {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly limit: number) {}

  async start(work: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    if (this.failure) throw this.failure.error;
    const running: Promise<void> = work()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  async finish(): Promise<void> {
    await this.settle();
    if (this.failure) throw this.failure.error;
  }

  /** Waits for the puts still running, whatever their outcome. */
  async settle(): Promise<void> {
    await Promise.all(this.running);
  }
}

export { RestoreRefused };
