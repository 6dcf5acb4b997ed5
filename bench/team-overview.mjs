// Requests per second of the team overview (GET /api/c/team/statOverview, permission 163) of a person with
// 10,000 first-level and 100,000 second-level subordinates and 2,000 rewards, as a ratio to a route on the
// same server that does one primary-key SELECT (/bench/pk), measured in the same run. The counts are one
// row kept in the transaction of each registration (docs/team.md); the overview also sums today's and this
// month's rewards over an index. Rounds alternate the order of the measurements and the figure is the
// median of the per-round ratios. Runs on PostgreSQL when DATABASE_URL is set, else on PGlite.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, format, measure, median, roundOrder, signIn, startServer } from './lib.mjs';

const TARGET_RATIO = 0.3;

export async function run({ seconds = 5, connections = 32, rounds = 4 } = {}) {
  const phone = `134${String(Date.now()).slice(-8)}`;
  const password = 'Bench#2026pass';
  const env = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-team-')),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    BENCH_PHONE: phone,
    BENCH_PASSWORD: password,
    REDIS_URL: undefined,
  };
  const databaseUrl = process.env.DATABASE_URL;
  const dropDatabase = await benchDatabase(env);
  const server = await startServer('bench/team-overview-server.mjs', env, '/bench/pk', { timeoutMs: 600_000 });
  try {
    const { headers } = await signIn(server.baseUrl, phone, password);
    const urls = { pk: `${server.baseUrl}/bench/pk`, overview: `${server.baseUrl}/api/c/team/statOverview` };
    const first = await (await fetch(urls.overview, { headers })).json();
    if (first.data?.firstLevelCount !== 10_000 || first.data.secondLevelCount !== 100_000 || first.data.totalFen !== 600_000)
      throw new Error(`unexpected overview: ${JSON.stringify(first).slice(0, 300)}`);
    const names = Object.keys(urls);
    const measureOf = (name, duration) =>
      measure(urls[name], { seconds: duration, connections, headers: name === 'pk' ? {} : headers, pid: server.pid });
    for (const name of names) await measureOf(name, 1); // warm-up
    const samples = Object.fromEntries(names.map((name) => [name, []]));
    const ratios = [];
    const cpuRatios = [];
    for (let round = 0; round < rounds; round += 1) {
      const taken = {};
      for (const name of roundOrder(round, names)) taken[name] = await measureOf(name, seconds);
      for (const name of names) samples[name].push(taken[name]);
      if (!(taken.pk.rps > 0)) throw new Error('the primary-key route answered nothing in a round: the machine is too loaded to measure');
      ratios.push(taken.overview.rps / taken.pk.rps);
      cpuRatios.push(taken.overview.perCpuSecond / taken.pk.perCpuSecond);
    }
    const database = databaseUrl ? 'postgres' : 'pglite';
    const describe = (name) =>
      `${format(median(samples[name].map((s) => s.rps)), 0).padStart(6)} req/s  p50 ${median(samples[name].map((s) => s.p50))} ms  p99 ${median(samples[name].map((s) => s.p99))} ms`;
    const ratio = median(ratios);
    const ok = ratio >= TARGET_RATIO;
    console.log(`team-overview (${database}, 10,000 + 100,000 subordinates, ${connections} connections, ${rounds} rounds of ${seconds} s)`);
    console.log(`  primary-key SELECT route ${describe('pk')}`);
    console.log(`  team overview            ${describe('overview')}  ratio ${format(ratio)}x`);
    console.log(`  target ≥ ${TARGET_RATIO}x: ${ok ? 'ok' : 'BELOW TARGET'}`);
    console.log(`  per server CPU-second (Node process only): ${format(median(cpuRatios))}x`);
    return ok;
  } finally {
    await server.stop();
    await dropDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await run()) ? 0 : 1;
}
