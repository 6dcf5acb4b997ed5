import { parseArgs } from 'node:util';
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

With the embedded database (no DATABASE_URL) the server must be stopped first: the database belongs to one process.`;

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
  if (values.help || (command !== 'create' && command !== 'create-user' && command !== 'demo' && command !== 'recount')) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (command === 'demo') return withDatabase(addDemo);
  if (command === 'recount') return withDatabase(recount);
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
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(explain(error));
  process.exitCode = 1;
}
