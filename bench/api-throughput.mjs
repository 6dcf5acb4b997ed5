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

export async function run({ seconds = 8, connections = 64, rounds = 4 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-'));
  const phone = `135${String(Date.now()).slice(-8)}`;
  const password = 'Bench#2026pass';
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  runCli(['create-user', '--phone', phone, '--password', password, '--menus', '161,162'], env);

  const spatia = await startServer('apps/server/dist/server.js', env, '/api/health');
  const healthDocument = await (await fetch(`${spatia.baseUrl}/api/health`)).text();
  const bare = await startServer('bench/bare-server.mjs', { BARE_BODY: healthDocument }, '/bare');
  try {
    const user = await signIn(spatia.baseUrl, phone, password);
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
