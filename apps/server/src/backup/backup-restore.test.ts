import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { Role } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../db/database.js';
import { createScratchDatabase } from '../db/scratch-database.js';
import { LocalStorageDriver } from '../drivers/storage/local-storage.js';
import { S3StorageDriver } from '../drivers/storage/s3-storage.js';
import type { ListedFile, StorageDriver } from '../drivers/storage/storage-driver.js';
import { PgBossJobQueue } from '../jobs/pg-boss-queue.js';
import { MemoryCache } from '../lib/cache.js';
import { LedgerRepository } from '../modules/ledger/ledger.repository.js';
import { LedgerAccount, LedgerService } from '../modules/ledger/ledger.service.js';
import { UsersService } from '../modules/users/users.service.js';
import { startS3StandIn } from '../test/s3-stand-in.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createBackup, type BackupSummary } from './create-backup.js';
import { RestoreRefused, restoreBackup } from './restore-backup.js';
import type { SqlTarget } from './sql-session.js';
import { HeldDeletionsStorage, StorageHolds } from './storage-holds.js';
import { ArchiveError, TarWriter } from './tar.js';

// PGlite by default; with DATABASE_URL the source and every restore target are PostgreSQL databases.
const serverUrl = process.env.DATABASE_URL;
const scratch = () => mkdtempSync(path.join(os.tmpdir(), 'spatia-backup-'));
const stopLater: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stopLater.reverse()) await stop();
});

/** An empty database to restore into, and a way to look at it afterwards. */
async function emptyDatabase(): Promise<{ target: SqlTarget; query<Row>(text: string, params?: unknown[]): Promise<Row[]> }> {
  if (!serverUrl) {
    const client = new PGlite();
    stopLater.push(() => client.close());
    return { target: { kind: 'pglite', client }, query: async (text, params) => (await client.query(text, params)).rows as never };
  }
  const database = await createScratchDatabase(serverUrl, 'spatia_restore');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  stopLater.push(async () => {
    await client.end();
    await database.drop();
  });
  return {
    target: { kind: 'postgres', url: database.url },
    query: async (text, params) => (await client.query(text, params)).rows as never,
  };
}

let sharedEmpty: ReturnType<typeof emptyDatabase> | undefined;
/** One empty database for the refusals, which must leave it empty (creating a PGlite costs seconds). */
function untouchedDatabase(): ReturnType<typeof emptyDatabase> {
  sharedEmpty ??= emptyDatabase();
  return sharedEmpty;
}

async function keysOf(storage: StorageDriver): Promise<string[]> {
  const keys = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

async function textOf(storage: StorageDriver, key: string): Promise<string | undefined> {
  const file = await storage.read(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Restores `file` into a target with quiet reports, as the tests here do. */
function restoreQuietly(file: string, database: SqlTarget, storage: StorageDriver) {
  return restoreBackup({
    file,
    database,
    storage,
    databaseName: 'the target database',
    storageName: 'the target storage',
    scratchDir: scratch(),
    report: () => undefined,
  });
}

/**
 * The backup's view of the stored files: the notes last, and only once `beforeNotes` let them through,
 * so that the writer has replaced (and deleted) the note the snapshot names by the time the backup reads
 * it. Without the hold on deletions that note would be gone from the archive.
 */
function notesLast(inner: StorageDriver, beforeNotes: () => Promise<void>): StorageDriver {
  return {
    put: (key, content, contentType) => inner.put(key, content, contentType),
    putFile: (key, sourcePath, contentType) => inner.putFile(key, sourcePath, contentType),
    read: (key, range) => inner.read(key, range),
    stat: (key) => inner.stat(key),
    delete: (key) => inner.delete(key),
    deleteFolder: (folder) => inner.deleteFolder(folder),
    list: async function* (): AsyncIterable<ListedFile> {
      const listed = [];
      for await (const file of inner.list()) listed.push(file);
      const notes = listed.filter((file) => file.key.startsWith('notes/'));
      yield* listed.filter((file) => !file.key.startsWith('notes/'));
      await beforeNotes();
      yield* notes;
    },
  };
}

const storages = [
  { name: 'local files', s3: false },
  { name: 'S3 (s3rver stand-in)', s3: true },
];

describe.each(storages)('backup and restore ($name)', ({ s3 }) => {
  let source: TestDatabase;
  let database: Database;
  let files: StorageDriver;
  let held: HeldDeletionsStorage;
  let ledger: LedgerService;
  let userId: number;
  let archive: string;
  const system = `system:backup-test:${randomBytes(3).toString('hex')}`;

  async function emptyStorage(): Promise<StorageDriver> {
    if (!s3) return new LocalStorageDriver(scratch());
    // A stand-in of its own: one empty bucket per restore.
    const standIn = await startS3StandIn();
    stopLater.push(() => standIn.close());
    return new S3StorageDriver(standIn.config);
  }

  beforeAll(async () => {
    source = await createTestDatabase();
    database = source.database;
    stopLater.push(() => source.drop());
    if (s3) {
      const standIn = await startS3StandIn();
      stopLater.push(() => standIn.close());
      files = new S3StorageDriver(standIn.config);
    } else {
      files = new LocalStorageDriver(scratch());
    }
    held = new HeldDeletionsStorage(files, new StorageHolds(database.db));
    ledger = new LedgerService(new LedgerRepository(database.db));
    userId = (
      await UsersService.on(database.db, new MemoryCache()).createUser({
        phone: '13712340001',
        password: 'backup-test-1',
        fullName: 'nothing yet',
        roles: [Role.customer],
        permissionIds: [],
      })
    ).id;
    await ledger.openUserAccounts(userId);
    await ledger.openSystemAccount(system);
    for (let index = 0; index < 12; index += 1)
      await files.put(
        `assets/${String(index).padStart(2, '0')}/filler-${index}.bin`,
        randomBytes(2000 + index),
        'application/octet-stream',
      );
  });

  // A restore creates and migrates a database in one transaction: seconds on PGlite, more on a busy machine.
  it(
    'restores a backup taken during writes with every change committed before its snapshot, and nothing half done',
    { timeout: 120_000 },
    async () => {
      // A job waiting in the queue is data too: it comes back with its queue.
      const jobs = new PgBossJobQueue(database, { mode: 'enqueue-only', logger: pino({ level: 'silent' }), stopTimeoutMs: 1000 });
      jobs.define('backupTest.later', async () => undefined);
      await jobs.start();
      const jobId = await jobs.send('backupTest.later', { note: 'waits' }, { startAfter: 3600 });
      await jobs.stop();

      // The writer: a file first, then one transaction that books a movement and points the user at the
      // file, then the previous file deleted (after the commit that stopped naming it, as the server does).
      const committed: number[] = [];
      let stopping = false;
      let failure: unknown;
      const writer = (async () => {
        let previous: string | undefined;
        for (let index = 1; !stopping; index += 1) {
          const key = `notes/w${index}.txt`;
          await held.put(key, Buffer.from(`write ${index}`), 'text/plain');
          await database.db.transaction(async (tx) => {
            await ledger.post(
              {
                reference: `backup-test:${index}`,
                kind: 'backupTest',
                entries: [
                  { account: system, amount: -index },
                  { account: LedgerAccount.balance(userId), amount: index },
                ],
              },
              tx,
            );
            await tx.execute(sql`update users set full_name = ${key} where id = ${userId}`);
          });
          committed.push(index);
          if (previous) await held.delete(previous);
          previous = key;
        }
      })().catch((error: unknown) => (failure = error));
      const progress = async (count: number) => {
        while (committed.length < count && failure === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
      };

      await progress(5);
      const committedBefore = committed.length;
      archive = path.join(scratch(), 'during-writes.tar.gz');
      const lines: string[] = [];
      let afterSnapshot = 0;
      const summary: BackupSummary = await createBackup({
        database,
        storage: notesLast(files, async () => {
          afterSnapshot = committed.length;
          await progress(afterSnapshot + 3);
        }),
        storageKind: s3 ? 's3' : 'local',
        file: archive,
        report: (line) => lines.push(line),
      });
      const committedAfter = committed.length;
      stopping = true;
      await writer;
      expect(failure).toBeUndefined();
      expect(summary).toMatchObject({ vanished: 0, changed: 0 });
      expect(summary.files).toBeGreaterThanOrEqual(13);
      expect(lines.join('\n')).toMatch(/Database snapshot taken/);
      expect(lines.join('\n')).toMatch(/public\.ledger_entries: [\d,]+ rows/);
      // The deletions held during the backup were carried out after it: one note is left, the current one.
      expect((await keysOf(files)).filter((key) => key.startsWith('notes/'))).toEqual([`notes/w${committed.length}.txt`]);

      const restored = await emptyDatabase();
      const storage = await emptyStorage();
      const result = await restoreQuietly(archive, restored.target, storage);
      expect(result).toMatchObject({ files: summary.files, rows: summary.rows, skipped: 0 });

      // Every write committed before the snapshot, none after, and each whole: a prefix 1..n of the writes.
      const references = await restored.query<{ reference: string }>(
        `select reference from ledger_transactions where reference like 'backup-test:%'`,
      );
      const restoredWrites = references.map((row) => Number(row.reference.split(':')[1])).sort((a, b) => a - b);
      const last = restoredWrites.length;
      expect(restoredWrites).toEqual(Array.from({ length: last }, (_, index) => index + 1));
      expect(last).toBeGreaterThanOrEqual(committedBefore);
      expect(last).toBeLessThanOrEqual(afterSnapshot);
      expect(last).toBeLessThan(committedAfter);
      const [user] = await restored.query<{ full_name: string }>('select full_name from users where id = $1', [userId]);
      expect(user!.full_name).toBe(`notes/w${last}.txt`);
      // The file the restored row names is there, though the writer deleted it while the backup ran.
      expect(await textOf(storage, `notes/w${last}.txt`)).toBe(`write ${last}`);
      for (let index = 0; index < 12; index += 1) {
        const key = `assets/${String(index).padStart(2, '0')}/filler-${index}.bin`;
        expect((await storage.stat(key))?.size).toBe(2000 + index);
      }

      // The ledger holds together: each transaction sums to zero, and the balance is the sum of the writes.
      expect(await restored.query(`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`)).toEqual([]);
      const [balance] = await restored.query<{ total: string }>(
        `select coalesce(sum(e.amount), 0)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = $1`,
        [LedgerAccount.balance(userId)],
      );
      expect(Number(balance!.total)).toBe((last * (last + 1)) / 2);
      // Tables the writer left alone hold what the source holds; the queued job is back in its queue.
      const untouched = await rowsOf<{ name: string }>(
        database.db,
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
           and table_name not in ('ledger_transactions', 'ledger_entries', 'deferred_storage_deletions', 'storage_holds')`,
      );
      for (const { name } of untouched) {
        const [before] = await rowsOf<{ rows: string }>(database.db, sql.raw(`select count(*)::text as rows from "${name}"`));
        const [after] = await restored.query<{ rows: string }>(`select count(*)::text as rows from "${name}"`);
        expect({ name, rows: after!.rows }).toEqual({ name, rows: before!.rows });
      }
      expect(await restored.query(`select name, state::text, data from pgboss.job where id = $1`, [jobId])).toEqual([
        { name: 'backupTest.later', state: 'created', data: { note: 'waits' } },
      ]);
      // Sequences go on from where the backup left them, and the triggers are back on.
      const [next] = await restored.query<{ id: string }>(
        `insert into ledger_transactions (kind, reference) values ('after', 'after-restore') returning id::text`,
      );
      const [highest] = await restored.query<{ id: string }>(
        `select max(id)::text as id from ledger_transactions where reference <> 'after-restore'`,
      );
      expect(Number(next!.id)).toBeGreaterThan(Number(highest!.id));
      await expect(restored.query(`delete from ledger_transactions where reference = 'after-restore'`)).rejects.toThrow(/append-only/);
    },
  );

  it.runIf(serverUrl && !s3)('restores a PostgreSQL backup into the embedded database', { timeout: 120_000 }, async () => {
    const client = new PGlite();
    stopLater.push(() => client.close());
    const storage = await emptyStorage();
    await restoreQuietly(archive, { kind: 'pglite', client }, storage);
    const [user] = (await client.query<{ full_name: string }>('select full_name from users where id = $1', [userId])).rows;
    expect(await textOf(storage, user!.full_name)).toMatch(/^write \d+$/);
  });

  it.runIf(serverUrl && !s3)(
    'restores an embedded backup into PostgreSQL, the move to production services',
    { timeout: 120_000 },
    async () => {
      const embedded = await createTestDatabase({ embedded: true });
      stopLater.push(() => embedded.drop());
      const embeddedFiles: StorageDriver = new LocalStorageDriver(scratch());
      const embeddedLedger = new LedgerService(new LedgerRepository(embedded.database.db));
      const { id } = await UsersService.on(embedded.database.db, new MemoryCache()).createUser({
        phone: '13712340002',
        password: 'backup-test-2',
        fullName: 'avatars/moved.webp',
        roles: [Role.photographer],
        permissionIds: [],
      });
      await embeddedLedger.openUserAccounts(id);
      await embeddedLedger.openSystemAccount(system);
      await embeddedLedger.post({
        reference: 'backup-test:moved',
        kind: 'backupTest',
        entries: [
          { account: system, amount: -4200 },
          { account: LedgerAccount.balance(id), amount: 4200 },
        ],
      });
      await embeddedFiles.put('avatars/moved.webp', Buffer.from('moved avatar'), 'image/webp');
      const movedArchive = path.join(scratch(), 'embedded.tar.gz');
      const summary = await createBackup({
        database: embedded.database,
        storage: embeddedFiles,
        storageKind: 'local',
        file: movedArchive,
        report: () => undefined,
      });

      const restored = await emptyDatabase();
      expect(restored.target.kind).toBe('postgres');
      const storage = await emptyStorage();
      const result = await restoreQuietly(movedArchive, restored.target, storage);
      expect(result).toMatchObject({ files: summary.files, rows: summary.rows, skipped: 0 });
      const [user] = await restored.query<{ full_name: string; phone: string }>('select full_name, phone from users where id = $1', [id]);
      expect(user).toEqual({ full_name: 'avatars/moved.webp', phone: '13712340002' });
      expect(await textOf(storage, user!.full_name)).toBe('moved avatar');
      const [balance] = await restored.query<{ total: string }>(
        `select coalesce(sum(e.amount), 0)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = $1`,
        [LedgerAccount.balance(id)],
      );
      expect(balance!.total).toBe('4200');
      // PostgreSQL's sequences go on from the embedded database's.
      const [next] = await restored.query<{ id: string }>(
        `insert into ledger_transactions (kind, reference) values ('after', 'after-move') returning id::text`,
      );
      const [highest] = await restored.query<{ id: string }>(
        `select max(id)::text as id from ledger_transactions where reference <> 'after-move'`,
      );
      expect(Number(next!.id)).toBeGreaterThan(Number(highest!.id));
    },
  );

  it('refuses a target that is not empty, and writes nothing', async () => {
    const common = {
      file: archive,
      databaseName: 'the target database',
      storageName: 'the target storage',
      scratchDir: scratch(),
      report: () => undefined,
    };
    const sourceTarget: SqlTarget =
      database.kind === 'pglite' ? { kind: 'pglite', client: database.client } : { kind: 'postgres', url: database.url };
    const storage = await emptyStorage();
    await expect(restoreBackup({ ...common, database: sourceTarget, storage })).rejects.toThrow(
      /^the target database is not empty \(it has .*\): restore only into a new, empty database\. Nothing was written\.$/,
    );
    expect(await keysOf(storage)).toEqual([]);

    const empty = await untouchedDatabase();
    await storage.put('avatars/someone.webp', Buffer.from('already here'), 'image/webp');
    await expect(restoreBackup({ ...common, database: empty.target, storage })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ ...common, database: empty.target, storage })).rejects.toThrow(
      /the target storage is not empty \(it holds avatars\/someone\.webp…\)/,
    );
    expect(
      await empty.query(`select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`),
    ).toEqual([]);
    expect(await keysOf(storage)).toEqual(['avatars/someone.webp']);
  });
});

describe('a damaged archive', () => {
  let good: string;
  let database: Database;
  let source: TestDatabase;

  beforeAll(async () => {
    source = await createTestDatabase();
    database = source.database;
    stopLater.push(() => source.drop());
    const files: StorageDriver = new LocalStorageDriver(scratch());
    for (let index = 0; index < 3; index += 1) await files.put(`assets/0${index}/f.bin`, randomBytes(5000), 'application/octet-stream');
    good = path.join(scratch(), 'good.tar');
    await createBackup({ database, storage: files, storageKind: 'local', file: good, report: () => undefined });
  });

  async function refusal(file: string): Promise<unknown> {
    const empty = await untouchedDatabase();
    const storage = new LocalStorageDriver(scratch());
    const error = await restoreQuietly(file, empty.target, storage).catch((caught: unknown) => caught);
    // Nothing written, whatever was wrong.
    expect(
      await empty.query(`select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`),
    ).toEqual([]);
    expect(await keysOf(storage)).toEqual([]);
    return error;
  }

  function variant(name: string, bytes: Buffer): string {
    const file = path.join(scratch(), name);
    writeFileSync(file, bytes);
    return file;
  }

  it(
    'leaves nothing behind when the restore fails halfway: the database rolled back, the files put removed',
    { timeout: 120_000 },
    async () => {
      const empty = await untouchedDatabase();
      const inner = new LocalStorageDriver(scratch());
      let puts = 0;
      const failing: StorageDriver = {
        ...notesLast(inner, async () => undefined),
        put: async (key, content) => {
          puts += 1;
          if (puts === 3) throw new Error('the disk is full');
          await inner.put(key, content);
        },
      };
      const lines: string[] = [];
      await expect(
        restoreBackup({
          file: good,
          database: empty.target,
          storage: failing,
          databaseName: 'the target database',
          storageName: 'the target storage',
          scratchDir: scratch(),
          report: (line) => lines.push(line),
        }),
      ).rejects.toThrow('the disk is full');
      expect(lines).toContain('Restore failed: removing the 3 files it had put back');
      expect(
        await empty.query(`select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`),
      ).toEqual([]);
      expect(await keysOf(inner)).toEqual([]);
    },
  );

  it('is never written over an existing file', async () => {
    await expect(
      createBackup({ database, storage: new LocalStorageDriver(scratch()), storageKind: 'local', file: good, report: () => undefined }),
    ).rejects.toThrow(/good\.tar already exists: name a new file \(a backup never overwrites one\)\./);
    expect(readFileSync(good).length).toBeGreaterThan(0);
  });

  it('is refused when cut short, before anything is written', async () => {
    const bytes = readFileSync(good);
    const error = await refusal(variant('cut.tar', bytes.subarray(0, Math.floor(bytes.length * 0.8))));
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toMatch(/truncated/);
  });

  it('is refused when a byte of a file changed', async () => {
    const bytes = Buffer.from(readFileSync(good));
    const at = bytes.indexOf('files/assets/01/f.bin') + 1024; // inside that file's bytes, past its header
    bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);
    const error = await refusal(variant('flipped.tar', bytes));
    expect((error as Error).message).toBe('The archive is damaged: its files do not match its manifest (3 found, 3 listed).');
  });

  it('is refused when its gzip stream is cut short', async () => {
    const gzipped = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      const gzip = createGzip();
      gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
      gzip.on('end', () => resolve(Buffer.concat(chunks)));
      gzip.end(readFileSync(good));
    });
    const error = await refusal(variant('cut.tar.gz', gzipped.subarray(0, gzipped.length - 200)));
    expect((error as Error).message).toMatch(/damaged or truncated|truncated/);
  });

  it('is refused when it is no Spatia backup, or one of a newer Spatia', async () => {
    const foreign = await tarWith([{ name: 'notes.txt', content: 'hello' }]);
    expect(((await refusal(foreign)) as Error).message).toMatch(/is not a Spatia backup/);
    expect(((await refusal(variant('garbage.tar', randomBytes(4096)))) as Error).message).toMatch(/is not a Spatia backup, or is damaged/);
    const header = JSON.parse(await firstEntryOf(good)) as { migrations: { count: number; lastCreatedAt: number; last: string } };
    const newer = await tarWith([
      {
        name: 'spatia-backup.json',
        content: JSON.stringify({
          ...header,
          appVersion: '9.0.0',
          migrations: { ...header.migrations, count: 99, lastCreatedAt: 9e12, last: '0098_future' },
        }),
      },
    ]);
    const error = await refusal(newer);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as Error).message).toMatch(
      /made by a newer Spatia \(9\.0\.0, migration 0098_future\).*Restore it with Spatia 9\.0\.0 or later/,
    );
  });

  async function tarWith(entries: { name: string; content: string }[]): Promise<string> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new TarWriter(out);
    for (const entry of entries) await writer.addFile(entry.name, Buffer.byteLength(entry.content), Buffer.from(entry.content));
    await writer.finish();
    return variant(`${randomBytes(4).toString('hex')}.tar`, Buffer.concat(chunks));
  }

  async function firstEntryOf(file: string): Promise<string> {
    const bytes = readFileSync(file);
    const size = parseInt(bytes.toString('latin1', 124, 135), 8);
    return bytes.toString('utf8', 512, 512 + size);
  }
});
