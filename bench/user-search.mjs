// Requests per second of the back office's user search (GET /api/admin/users?q=) on 1,000,000 users, by
// phone prefix and by name prefix (Latin and Chinese), as a ratio to primary-key reads measured in the
// same run: the back office's own read of one user (GET /api/admin/users/{uid}, the baseline)
// and, stricter, a route that does nothing but one primary-key SELECT (/bench/pk). Each search here
// matches thousands of users: the page comes from an index walk and the total from a count that stops
// ten pages ahead (docs/back-office.md).
// Needs PostgreSQL (DATABASE_URL): the users go into a scratch database that is dropped afterwards.
// Rounds alternate the order of the measurements; figures are medians of the per-round ratios.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, measure, median, roundOrder, signIn, startServer } from './lib.mjs';

const TARGET_RATIO = 0.3;
const USERS = 1_000_000;

export async function run({ seconds = 3, connections = 32, rounds = 2 } = {}) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('user-search: skipped (set DATABASE_URL to a PostgreSQL server; the million users go into a scratch database)');
    return true;
  }
  const { createScratchDatabase } = await import('../apps/server/dist/db/scratch-database.js');
  const scratch = await createScratchDatabase(databaseUrl, 'spatia_bench');
  const phone = `135${String(Date.now()).slice(-8)}`;
  const password = 'Bench#2026pass';
  // The in-process cache, as in works-list.mjs: the session lookup costs every route here the same.
  const env = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-users-')),
    DATABASE_URL: scratch.url,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    BENCH_PHONE: phone,
    BENCH_PASSWORD: password,
    BENCH_USERS: String(USERS),
    REDIS_URL: undefined,
  };
  const seeding = Date.now();
  const server = await startServer('bench/user-search-server.mjs', env, '/bench/pk', { timeoutMs: 600_000 });
  const seededIn = (Date.now() - seeding) / 1000;
  try {
    const { headers } = await signIn(server.baseUrl, phone, password);
    const api = (query) => `${server.baseUrl}/api/admin${query}`;
    const searches = {
      phone: api('/users?q=1380012&pageSize=20'),
      name: api(`/users?q=${encodeURIComponent('alice 12')}&pageSize=20`),
      nameZh: api(`/users?q=${encodeURIComponent('王芳 3')}&pageSize=20`),
    };
    for (const [name, url] of Object.entries(searches)) {
      const { data } = await (await fetch(url, { headers })).json();
      if (data.list.length !== 20 || !data.totalCapped)
        throw new Error(`${name}: unexpected answer, ${data.list.length} rows of ${data.total}`);
    }
    const detail = await (await fetch(api('/users/bench-user-500000'), { headers })).json();
    if (detail.data?.uid !== 'bench-user-500000') throw new Error(`user detail: ${JSON.stringify(detail)}`);

    const urls = { detail: api('/users/bench-user-500000'), pk: `${server.baseUrl}/bench/pk`, ...searches };
    const measureOf = (name, duration) =>
      measure(urls[name], { seconds: duration, connections, headers: name === 'pk' ? {} : headers, pid: server.pid });
    const names = Object.keys(urls);
    for (const name of names) await measureOf(name, 1); // warm-up
    const samples = Object.fromEntries(names.map((name) => [name, []]));
    const ratios = Object.fromEntries(
      Object.keys(searches).flatMap((name) => [
        [`${name}/detail`, []],
        [`${name}/pk`, []],
      ]),
    );
    for (let round = 0; round < rounds; round += 1) {
      const order = roundOrder(round, names);
      const taken = {};
      for (const name of order) taken[name] = await measureOf(name, seconds);
      for (const name of names) samples[name].push(taken[name]);
      for (const name of Object.keys(searches)) {
        ratios[`${name}/detail`].push(taken[name].rps / taken.detail.rps);
        ratios[`${name}/pk`].push(taken[name].rps / taken.pk.rps);
      }
    }
    const describe = (name) =>
      `${format(median(samples[name].map((s) => s.rps)), 0).padStart(6)} req/s  p50 ${median(samples[name].map((s) => s.p50))} ms  p99 ${median(samples[name].map((s) => s.p99))} ms`;
    console.log(
      `user-search (postgres, ${USERS.toLocaleString('en')} users seeded in ${format(seededIn, 0)} s, ${connections} connections, ${rounds} rounds of ${seconds} s)`,
    );
    console.log(`  admin user detail (GET /api/admin/users/{uid})   ${describe('detail')}`);
    console.log(`  one primary-key SELECT route (/bench/pk)         ${describe('pk')}`);
    const labels = { phone: "phone prefix '1380012'", name: "name prefix 'alice 12'", nameZh: "name prefix '王芳 3'" };
    let pass = true;
    for (const name of Object.keys(searches)) {
      const ratio = median(ratios[`${name}/detail`]);
      const strict = median(ratios[`${name}/pk`]);
      const ok = ratio >= TARGET_RATIO;
      pass &&= ok;
      console.log(
        `  search, ${labels[name].padEnd(26)}          ${describe(name)}  ratio ${format(ratio)}x of the detail (target ≥ ${TARGET_RATIO}x: ${ok ? 'met' : 'MISSED'}), ${format(strict)}x of the bare SELECT`,
      );
    }
    return pass;
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await run()) ? 0 : 1;
}
