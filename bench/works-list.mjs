// Requests per second of the works list (GET /api/fe/client/{id}/models, the owner's first page of 12)
// with 100,000 works in the database, as a ratio to a route on the same server that does one
// primary-key SELECT, measured in the same run. The bench user owns 20,000 of the works, so the page
// and its total come from a heavy account. Rounds alternate the order of the two measurements and
// the figure is the median of the per-round ratios. Runs on PostgreSQL when DATABASE_URL is set.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, format, measure, median, roundOrder, signIn, startServer } from './lib.mjs';

const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 15;

export async function run({ seconds = 8, connections = 64, rounds = 4 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-list-'));
  const phone = `134${String(Date.now()).slice(-8)}`;
  const password = 'Bench#2026pass';
  // The in-process cache, whether or not this shell sets REDIS_URL: through Redis, the session and the
  // user lookups cost a round trip each, which the list pays (it is signed in) and the baseline does not.
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    BENCH_PHONE: phone,
    BENCH_PASSWORD: password,
    REDIS_URL: undefined,
  };
  const databaseUrl = process.env.DATABASE_URL;
  const dropDatabase = await benchDatabase(env);
  const server = await startServer('bench/works-list-server.mjs', env, '/bench/pk', { timeoutMs: 300_000 });
  try {
    const { uid, headers } = await signIn(server.baseUrl, phone, password);
    const listUrl = `${server.baseUrl}/api/fe/client/${uid}/models?pageNum=1&pageSize=12`;
    const first = await (await fetch(listUrl, { headers })).json();
    if (first.data.total !== 20_000 || first.data.list.length !== 12) throw new Error(`unexpected list answer: total ${first.data.total}`);
    const targets = {
      pk: () => measure(`${server.baseUrl}/bench/pk`, { seconds, connections, pid: server.pid }),
      list: () => measure(listUrl, { seconds, connections, headers, pid: server.pid }),
    };
    await targets.pk();
    await targets.list();
    const samples = { pk: [], list: [] };
    const ratios = [];
    const cpuRatios = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = roundOrder(round, ['pk', 'list']);
      const taken = {};
      for (const name of order) taken[name] = await targets[name]();
      samples.pk.push(taken.pk);
      samples.list.push(taken.list);
      ratios.push(taken.list.rps / taken.pk.rps);
      cpuRatios.push(taken.list.perCpuSecond / taken.pk.perCpuSecond);
    }
    const database = databaseUrl ? 'postgres' : 'pglite';
    const describe = (name) =>
      `${format(median(samples[name].map((s) => s.rps)), 0)} req/s  p50 ${median(samples[name].map((s) => s.p50))} ms  p99 ${median(samples[name].map((s) => s.p99))} ms`;
    const ratio = median(ratios);
    const p99 = median(samples.list.map((s) => s.p99));
    const ratioOk = ratio >= TARGET_RATIO;
    const p99Ok = !databaseUrl || p99 < TARGET_P99_MS;
    console.log(
      `works-list (${database}, in-process cache, 100,000 works, owner of 20,000, ${connections} connections, ${rounds} rounds of ${seconds} s)`,
    );
    console.log(`  primary-key SELECT route   ${describe('pk')}`);
    console.log(`  works list, first page     ${describe('list')}`);
    console.log(
      `  ratio ${format(ratio)}x (target ≥ ${TARGET_RATIO}x) ${ratioOk ? 'ok' : 'BELOW TARGET'}` +
        (databaseUrl ? `; p99 ${p99} ms (target < ${TARGET_P99_MS} ms) ${p99Ok ? 'ok' : 'ABOVE TARGET'}` : ''),
    );
    console.log(`  per server CPU-second (Node process only) ${format(median(cpuRatios))}x`);
    return ratioOk && p99Ok;
  } finally {
    await server.stop();
    await dropDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await run()) ? 0 : 1;
}
