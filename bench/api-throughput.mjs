// Requests per second of GET /api/health and of the signed-in user-info call, each as a ratio to a bare
// Fastify handler measured in the same run. Runs on PostgreSQL when DATABASE_URL is set (the issue's
// target), else on the embedded database. This machine is shared and noisy, so each round measures the
// baseline and both endpoints back to back (alternating the order between rounds to cancel drift), turns
// them into ratios within the round, and the figure reported is the median of the rounds' ratios.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, measure, median, roundOrder, runCli, signIn, startServer } from './lib.mjs';

const TARGETS = { health: 0.8, userInfo: 0.3 };

/** A 30-day membership of version 1 for the user, written before the server starts (it owns the embedded database then). */
async function giveMembership(dataDir, phone) {
  const { openDatabase } = await import('../apps/server/dist/db/database.js');
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 1 } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const statement = `insert into user_memberships (user_id, version_id, kind, status, starts_at, ends_at)
      select id, 1, 'paid', 'active', now(), now() + interval '30 days' from users where phone = $1`;
    await (database.kind === 'pglite' ? database.client.query(statement, [phone]) : database.pool.query(statement, [phone]));
  } finally {
    await database.close();
  }
}

export async function run({ seconds = 8, connections = 64, rounds = 4 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-'));
  const phone = `135${String(Date.now()).slice(-8)}`;
  const password = 'Bench#2026pass';
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  // The user-info call computes effective permissions: a role with defaults (customer), a grant (480)
  // and an active membership (version 1's groups), so the figure includes all three sources.
  runCli(['create-user', '--phone', phone, '--password', password, '--roles', 'customer', '--menus', '480'], env);
  await giveMembership(dataDir, phone);

  const spatia = await startServer('apps/server/dist/server.js', env, '/api/health');
  const healthDocument = await (await fetch(`${spatia.baseUrl}/api/health`)).text();
  const bare = await startServer('bench/bare-server.mjs', { BARE_BODY: healthDocument }, '/bare');
  try {
    const user = await signIn(spatia.baseUrl, phone, password);
    const { menus } = (await (await fetch(`${spatia.baseUrl}/api/client/${user.uid}/info`, { headers: user.headers })).json()).data;
    // 276 from the role, 460 from the membership, 480 granted: all three sources are computed.
    if (![276, 460, 480].every((id) => menus.includes(id))) throw new Error(`unexpected menus ${menus.join(',')}`);
    const targets = {
      bare: () => measure(`${bare.baseUrl}/bare`, { seconds, connections, pid: bare.pid }),
      health: () => measure(`${spatia.baseUrl}/api/health`, { seconds, connections, pid: spatia.pid }),
      userInfo: () =>
        measure(`${spatia.baseUrl}/api/client/${user.uid}/info`, { seconds, connections, headers: user.headers, pid: spatia.pid }),
    };
    await measure(`${spatia.baseUrl}/api/health`, { seconds: 2, connections }); // warm-up
    await measure(`${bare.baseUrl}/bare`, { seconds: 2, connections });
    const samples = { bare: [], health: [], userInfo: [] };
    const ratios = { health: [], userInfo: [] };
    const cpuRatios = { health: [], userInfo: [] };
    for (let round = 0; round < rounds; round += 1) {
      const order = roundOrder(round, ['bare', 'health', 'userInfo']);
      const taken = {};
      for (const name of order) taken[name] = await targets[name]();
      for (const name of order) samples[name].push(taken[name]);
      ratios.health.push(taken.health.rps / taken.bare.rps);
      ratios.userInfo.push(taken.userInfo.rps / taken.bare.rps);
      cpuRatios.health.push(taken.health.perCpuSecond / taken.bare.perCpuSecond);
      cpuRatios.userInfo.push(taken.userInfo.perCpuSecond / taken.bare.perCpuSecond);
    }
    const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    console.log(`api-throughput (${database}, ${connections} connections, ${rounds} rounds of ${seconds} s, median of per-round ratios)`);
    const describe = (name) =>
      `${format(median(samples[name].map((s) => s.rps)), 0)} req/s  p99 ${median(samples[name].map((s) => s.p99))} ms`;
    console.log(`  bare fastify handler   ${describe('bare')}`);
    let pass = true;
    for (const name of ['health', 'userInfo']) {
      const ratio = median(ratios[name]);
      const ok = ratio >= TARGETS[name];
      pass &&= ok;
      console.log(
        `  ${name.padEnd(22)} ${describe(name)}  ratio ${format(ratio)}x [rounds: ${ratios[name].map((r) => format(r)).join(' ')}]  (target >= ${TARGETS[name]}x: ${ok ? 'met' : 'MISSED'})` +
          `  per server CPU-second: ${format(median(cpuRatios[name]))}x`,
      );
    }
    return pass;
  } finally {
    await Promise.all([spatia.stop(), bare.stop()]);
  }
}
