import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { GIVEN_NAMES, Role } from '@spatia/contract';
import { ConfigError, loadConfig, loadDotEnv, type Config } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { AppError, ValidationError } from '../lib/app-error.js';
import { MemoryCache } from '../lib/cache.js';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.js';
import { translate, translateProblem } from '../lib/messages.js';
import { UsersService } from '../modules/users/users.service.js';
import { PeopleRepository } from '../modules/people/index.js';
import { buildApp } from '../app.js';
import { ServerMilestones } from '../db/server-milestones.js';
import { addDemoWorks, DEFAULT_DEMO_DIR } from '../modules/demo/demo-content.js';
import { BackupError, backupThroughServer } from '../backup/backup-socket.js';
import { backupFileProblem, createBackup, type BackupSummary } from '../backup/create-backup.js';
import { RestoreRefused, restoreBackup } from '../backup/restore-backup.js';
import { counted, formatBytes, formatCount } from '../backup/report.js';
import { ArchiveError } from '../backup/tar.js';
import { createStorageDriver } from '../drivers/storage/create-storage-driver.js';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create       --phone P --password X [--name N]
               Create an administrator account.
  create-user  --phone P --password X [--name N] [--roles customer,photographer] [--menus 161,162]
               Create an account with the given roles; --menus grants permission ids on top of the
               roles' defaults (ids of the permission catalogue; docs/access.md).
  demo         Add the demo works (a tour, a 3D model, a point cloud) to the demo account, unless it
               has them already. The server's first start adds them once; this adds them again.
  recount      Rebuild the kept counts from their rows: how many people each person follows and how
               many follow them (docs/people.md). Says how many people's counts it corrected.
  backup FILE  Write the database and the stored files (local or S3, as configured) into one archive,
               FILE.tar, or FILE.tar.gz to compress it. Consistent while servers run: the database as of
               one snapshot, and every file it names. With the embedded database a running server writes
               it (through DATA_DIR/backup.sock); otherwise this command does.
  restore FILE Bring a backup back into the configured database and storage, which must be empty (a new
               DATA_DIR, or a new PostgreSQL database and an empty bucket). The archive is checked whole
               before anything is written; the database is restored in one transaction.

With the embedded database (no DATABASE_URL) the server must be stopped first, except for backup: the
database belongs to one process. More in docs/operations.md ("Backup and restore").`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      phone: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      roles: { type: 'string' },
      menus: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  const commands = ['create', 'create-user', 'demo', 'recount', 'backup', 'restore'];
  if (values.help || !command || !commands.includes(command)) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (command === 'demo') return withDatabase(addDemo);
  if (command === 'recount') return withDatabase(recount);
  if (command === 'backup' || command === 'restore') {
    const file = positionals[1];
    if (!file || positionals.length > 2) {
      console.error(`${command} takes one FILE.\n\n${usage}`);
      return 2;
    }
    return command === 'backup' ? backup(path.resolve(file)) : restore(path.resolve(file));
  }
  const { phone, password } = values;
  if (!phone || !password) {
    console.error('Both --phone and --password are required.\n\n' + usage);
    return 2;
  }
  return withDatabase(async (_config, database) => {
    const users = UsersService.on(database.db, new MemoryCache());
    const roles = command === 'create' ? [Role.admin] : splitList(values.roles ?? Role.customer);
    const permissionIds = command === 'create' ? [] : splitList(values.menus ?? '').map(Number);
    const created = await users.createUser({
      phone,
      password,
      fullName: values.name ?? (command === 'create' ? GIVEN_NAMES.administrator.stored : phone),
      roles,
      permissionIds,
    });
    console.log(`Created ${roles.join(', ')} account ${phone} (uid ${created.uid}).`);
    return 0;
  });
}

/** Runs `command` on the configured database, holding the embedded one's lock meanwhile. */
async function withDatabase(command: (config: Config, database: Database) => Promise<number>): Promise<number> {
  loadDotEnv();
  const config = loadConfig();
  const lock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir, 'the admin command') : undefined;
  const database = await openDatabase(config.database);
  try {
    return await command(config, database);
  } finally {
    await database.close();
    lock?.release();
  }
}

/** Demo works go through the same services as a person's work; their processing jobs wait for the server. */
async function addDemo(config: Config, database: Database): Promise<number> {
  const app = await buildApp(config, { database, jobs: 'enqueue-only' });
  try {
    await app.ready();
    const added = await addDemoWorks(app.services, config.demoDir);
    switch (added.outcome) {
      case 'added':
        await new ServerMilestones(database.db).reach('demo-works-seeded');
        console.log(`Added the demo works (${Object.values(added.works).join(', ')}); the server processes them when it runs.`);
        return 0;
      case 'present':
        console.log('The demo works already exist: the demo account still has works (delete them first to add them again).');
        return 0;
      case 'noFiles':
        console.error(`No demo files in ${config.demoDir ?? DEFAULT_DEMO_DIR}: run npm run build first.`);
        return 1;
    }
  } finally {
    await app.close();
  }
}

/** The follow counters, rebuilt in one transaction from the `follows` rows. */
async function recount(_config: Config, database: Database): Promise<number> {
  const corrected = await database.db.transaction((tx) => new PeopleRepository(database.db).recount(tx));
  console.log(`Follow counts rebuilt: ${corrected} ${corrected === 1 ? 'person' : 'people'} corrected.`);
  return 0;
}

/**
 * `backup FILE`. With the embedded database a running server owns it and writes the archive itself;
 * stopped, this process opens the folder (holding its lock) and writes it. PostgreSQL: always here.
 */
async function backup(file: string): Promise<number> {
  loadDotEnv();
  const config = loadConfig();
  const problem = backupFileProblem(config, file);
  if (problem) {
    console.error(problem);
    return 1;
  }
  const storageName = storageNameOf(config);
  let lock: ReturnType<typeof lockDataDir> | undefined;
  if (config.database.kind === 'pglite') {
    try {
      lock = lockDataDir(config.dataDir, 'the backup');
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      console.log(`The server (pid ${error.holder.pid}) holds ${config.dataDir}: it writes the backup of its database and ${storageName}.`);
      printBackupSummary(await backupThroughServer(config.dataDir, file, (line) => console.log(line)));
      return 0;
    }
  }
  try {
    const database = await openDatabase(config.database, { migrate: false });
    try {
      const where =
        config.database.kind === 'pglite'
          ? `the embedded database in ${path.join(config.dataDir, 'db')}`
          : 'the PostgreSQL database of DATABASE_URL';
      console.log(`Backing up ${where} and ${storageName} into ${file}`);
      const storage = createStorageDriver(config);
      printBackupSummary(
        await createBackup({ database, storage, storageKind: config.s3 ? 's3' : 'local', file, report: (line) => console.log(line) }),
      );
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

/** The configured file store, as the backup and restore lines name it. */
function storageNameOf(config: Config): string {
  return config.s3 ? `the S3 bucket ${config.s3.bucket}` : path.join(config.dataDir, 'storage');
}

function printBackupSummary(summary: BackupSummary): void {
  console.log(
    `Backup written: ${summary.file} (${formatBytes(summary.archiveBytes)}) in ${summary.seconds.toFixed(1)} s: ` +
      `${counted(summary.tables, 'table')}, ${counted(summary.rows, 'row')}, ${counted(summary.files, 'file')} (${formatBytes(summary.fileBytes)})` +
      (summary.vanished > 0 ? `; ${formatCount(summary.vanished)} files gone before they were read` : '') +
      (summary.changed > 0 ? `; ${formatCount(summary.changed)} files changed while read` : ''),
  );
}

/**
 * `restore FILE` into the configured database and storage, both empty. Embedded: DATA_DIR/db must not
 * hold a database yet; the one this creates is removed again if the restore fails.
 */
async function restore(file: string): Promise<number> {
  loadDotEnv();
  const config = loadConfig();
  const storage = createStorageDriver(config);
  const storageName = storageNameOf(config);
  const common = {
    file,
    storage,
    storageName,
    // Large files wait beside local storage (so they are renamed into place), or in the temporary folder on their way to S3.
    scratchDir: config.s3 ? os.tmpdir() : path.join(config.dataDir, 'tmp'),
    report: (line: string) => console.log(line),
  };
  let summary;
  if (config.database.kind === 'postgres') {
    summary = await restoreBackup({
      ...common,
      database: { kind: 'postgres', url: config.database.url },
      databaseName: 'the PostgreSQL database of DATABASE_URL',
    });
  } else {
    const lock = lockDataDir(config.dataDir, 'the restore');
    const databaseDir = path.join(config.dataDir, 'db');
    try {
      const existing = await readdir(databaseDir).catch(() => [] as string[]);
      if (existing.length > 0) {
        console.error(
          `${databaseDir} already holds a database: restore into a new, empty DATA_DIR (or move that folder aside). Nothing was written.`,
        );
        return 1;
      }
      const client = await PGlite.create(databaseDir);
      try {
        summary = await restoreBackup({
          ...common,
          database: { kind: 'pglite', client },
          databaseName: `the embedded database in ${databaseDir}`,
        });
      } catch (error) {
        await client.close();
        await rm(databaseDir, { recursive: true, force: true });
        throw error;
      }
      await client.close();
    } finally {
      lock.release();
    }
  }
  console.log(
    `Restored ${file} in ${summary.seconds.toFixed(1)} s: ${counted(summary.tables, 'table')}, ${counted(summary.rows, 'row')}, ` +
      `${counted(summary.files, 'file')} (${formatBytes(summary.fileBytes)}). Start the server: it brings an older backup's schema up to date.`,
  );
  return 0;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function explain(error: unknown): string {
  if (error instanceof ValidationError) {
    return translate('validation', 'en', { field: error.field, problem: translateProblem(error.problem, 'en', error.problemParams) });
  }
  if (error instanceof AppError) return translate(error.messageKey, 'en', error.params);
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof RestoreRefused ||
    error instanceof ArchiveError ||
    error instanceof BackupError
  ) {
    return error.message;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(explain(error));
  process.exitCode = 1;
}
