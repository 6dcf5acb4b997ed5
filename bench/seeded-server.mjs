// What the bench servers share: the built Spatia server on the configured database, seeded by the
// script, with one extra route for the baseline measured in the same run.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config/config.js';
import { openDatabase } from '../apps/server/dist/db/database.js';

/** The built server and its database, not listening yet: the script seeds the database first. */
export async function openSeededServer() {
  const config = loadConfig(process.env);
  const database = await openDatabase(config.database);
  const app = await buildApp(config, { database });
  return { app, database };
}

/** The user the measuring side signs in as (BENCH_PHONE, BENCH_PASSWORD), with one role. */
export function createBenchUser(app, fullName, role) {
  return app.services.users.createUser({
    phone: process.env.BENCH_PHONE,
    password: process.env.BENCH_PASSWORD,
    fullName,
    roles: [role],
    permissionIds: [],
  });
}

/**
 * Adds the baseline, GET /bench/pk: the row of `table` whose id is `sampleId`, through the same Fastify,
 * database and envelope, with no session lookup. Then listens on PORT, and prints one `ready` line
 * with `facts` for the measuring side. The embedded database cannot be opened by two processes, so
 * this one answers both.
 */
export async function listenWithBaseline(app, database, table, sampleId, facts) {
  app.get('/bench/pk', async () => {
    const { rows } = await database.db.execute(sql`select * from ${sql.identifier(table)} where id = ${sampleId}`);
    return { code: 0, msg: 'ok', data: rows[0] };
  });
  app.addHook('onClose', () => database.close());
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  console.log(JSON.stringify({ ready: true, ...facts }));
}
