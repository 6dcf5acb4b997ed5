import { parseArgs } from 'node:util';
import { Role } from '@spatia/contract';
import { ConfigError, loadConfig, loadDotEnv } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { AppError, ValidationError } from '../lib/app-error.js';
import { MemoryCache } from '../lib/cache.js';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.js';
import { translate, translateProblem } from '../lib/messages.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { UsersService } from '../modules/users/users.service.js';

const usage = `Usage: npm run admin -- <command> [options]

Commands:
  create       --phone P --password X [--name N]
               Create an administrator account.
  create-user  --phone P --password X [--name N] [--roles customer,photographer] [--menus 161,162]
               Create an account with the given roles and permission ids.

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
  if (values.help || (command !== 'create' && command !== 'create-user')) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (!values.phone || !values.password) {
    console.error('Both --phone and --password are required.\n\n' + usage);
    return 2;
  }

  loadDotEnv();
  const config = loadConfig();
  const lock = config.database.kind === 'pglite' ? lockDataDir(config.dataDir, 'the admin command') : undefined;
  const database = await openDatabase(config.database);
  try {
    const users = new UsersService(new UsersRepository(database.db), new MemoryCache());
    const roles = command === 'create' ? [Role.admin] : splitList(values.roles ?? Role.customer);
    const permissionIds = command === 'create' ? [] : splitList(values.menus ?? '').map(Number);
    const created = await users.createUser({
      phone: values.phone,
      password: values.password,
      fullName: values.name ?? (command === 'create' ? 'Administrator' : values.phone),
      roles,
      permissionIds,
    });
    console.log(`Created ${roles.join(', ')} account ${values.phone} (uid ${created.uid}).`);
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

function splitList(value: string): string[] {
  return value.split(',').map((item) => item.trim()).filter(Boolean);
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
