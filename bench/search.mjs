// Requests per second of the site's search (GET /api/open/search, open to everyone) over 1,000,000 works, as
// a ratio to a route on the same server that does one primary-key SELECT, measured in the same run
// (docs/search.md "Figures"): a two-character Chinese keyword ('云栖', an estate name of middling
// frequency) and a one-character one ('墅', in every villa), each as a visitor's first page of all kinds
// (works, people and articles). Every visitor, anonymous or signed in, is answered from the page kept for 10 s
// after the first. Below it, on bench routes: the same answer read afresh (the works from the ranking kept
// for a broad keyword, as both are: over 1,000 matches), and the first search of a keyword, the works
// search's SQL alone before it keeps the ranking (the capped count and the ranking of the first 1,000
// matches). Rounds alternate the order of the measurements; the figures are medians of the per-round ratios.
// Opt-in (not part of npm test): needs PostgreSQL (DATABASE_URL); the works go into a scratch database that
// is dropped afterwards. `node bench/search.mjs` after `node scripts/build.mjs`.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, format, measure, median, roundOrder, signIn, startServer } from './lib.mjs';

const TARGET_RATIO = 0.3;

export async function run({ seconds = 5, connections = 16, rounds = 3, works = 1_000_000 } = {}) {
  if (!process.env.DATABASE_URL) {
    console.log('search: skipped (set DATABASE_URL to a PostgreSQL server; the million works go into a scratch database)');
    return true;
  }
  const env = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-search-')),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    REDIS_URL: undefined,
    BENCH_WORKS: String(works),
    BENCH_PHONE: `136${String(Date.now()).slice(-8)}`,
    BENCH_PASSWORD: 'Bench#2026pass',
  };
  const dropDatabase = await benchDatabase(env);
  const started = Date.now();
  const server = await startServer('bench/search-server.mjs', env, '/bench/pk', { timeoutMs: 1_800_000 });
  const startedIn = (Date.now() - started) / 1000;
  try {
    const { headers } = await signIn(server.baseUrl, env.BENCH_PHONE, env.BENCH_PASSWORD);
    const searchUrl = (keyword) => `${server.baseUrl}/api/open/search?keyword=${encodeURIComponent(keyword)}&kind=all&pageSize=6`;
    const urls = {
      pk: `${server.baseUrl}/bench/pk`,
      two: searchUrl('云栖'),
      one: searchUrl('墅'),
      twoSignedIn: searchUrl('云栖'),
      oneSignedIn: searchUrl('墅'),
      twoAfresh: `${server.baseUrl}/bench/search-afresh?q=${encodeURIComponent('云栖')}`,
      oneAfresh: `${server.baseUrl}/bench/search-afresh?q=${encodeURIComponent('墅')}`,
      twoFloor: `${server.baseUrl}/bench/search-sql?q=${encodeURIComponent('云栖')}`,
      oneFloor: `${server.baseUrl}/bench/search-sql?q=${encodeURIComponent('墅')}`,
    };
    for (const keyword of ['云栖', '墅']) {
      const { data } = await (await fetch(searchUrl(keyword))).json();
      if (!data?.works || data.works.list.length !== 6)
        throw new Error(`unexpected search answer for ${keyword}: ${JSON.stringify(data).slice(0, 300)}`);
    }
    const names = Object.keys(urls);
    const signedIn = new Set(['twoSignedIn', 'oneSignedIn']);
    // A search read afresh over tens of thousands of matches leaves requests in flight behind the pool when
    // its window ends; the next measurement starts once they have drained, or it would wait behind them.
    const measureOf = async (name, duration) => {
      const taken = await measure(urls[name], {
        seconds: duration,
        connections,
        pid: server.pid,
        headers: signedIn.has(name) ? headers : {},
      });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      return taken;
    };
    for (const name of names) await measureOf(name, 1); // warm-up
    const samples = Object.fromEntries(names.map((name) => [name, []]));
    const ratios = Object.fromEntries(names.filter((name) => name !== 'pk').map((name) => [name, []]));
    for (let round = 0; round < rounds; round += 1) {
      const taken = {};
      for (const name of roundOrder(round, names)) taken[name] = await measureOf(name, seconds);
      for (const name of names) samples[name].push(taken[name]);
      if (!(taken.pk.rps > 0)) throw new Error('the primary-key route answered nothing in a round: the machine is too loaded to measure');
      for (const name of Object.keys(ratios)) ratios[name].push(taken[name].rps / taken.pk.rps);
    }
    const describe = (name) =>
      `${format(median(samples[name].map((s) => s.rps)), 0).padStart(6)} req/s  p50 ${median(samples[name].map((s) => s.p50))} ms  p99 ${median(samples[name].map((s) => s.p99))} ms`;
    const ratio = (name) => median(ratios[name]);
    const ok = ['two', 'one', 'twoSignedIn', 'oneSignedIn'].every((name) => ratio(name) >= TARGET_RATIO);
    const { seededSeconds, matches } = JSON.parse(
      server
        .output()
        .split('\n')
        .find((line) => line.includes('"ready"')),
    );
    console.log(`search (postgres, ${works.toLocaleString('en')} works, ${connections} connections, ${rounds} rounds of ${seconds} s)`);
    console.log(`  seeding: ${format(seededSeconds, 0)} s (the server was ready after ${format(startedIn, 0)} s)`);
    console.log(`  matches: '云栖' ${matches['云栖']}, '墅' ${matches['墅']} (visible works)`);
    console.log(`  primary-key SELECT route          ${describe('pk')}`);
    console.log(`  '云栖', anonymous (kept page)      ${describe('two')}  ratio ${format(ratio('two'))}x`);
    console.log(`  '墅', anonymous (kept page)        ${describe('one')}  ratio ${format(ratio('one'))}x`);
    console.log(`  '云栖', signed in (kept page)      ${describe('twoSignedIn')}  ratio ${format(ratio('twoSignedIn'))}x`);
    console.log(`  '墅', signed in (kept page)        ${describe('oneSignedIn')}  ratio ${format(ratio('oneSignedIn'))}x`);
    console.log('  the answer read afresh (no kept page; the works from the kept ranking) on a bench route');
    console.log(`  '云栖', afresh                     ${describe('twoAfresh')}  ratio ${format(ratio('twoAfresh'))}x`);
    console.log(`  '墅', afresh                       ${describe('oneAfresh')}  ratio ${format(ratio('oneAfresh'))}x`);
    console.log('  a first search: the works SQL before the ranking is kept (capped count, first 1,000 ranked) on a bench route');
    console.log(`  '云栖', first search SQL           ${describe('twoFloor')}  ratio ${format(ratio('twoFloor'))}x`);
    console.log(`  '墅', first search SQL             ${describe('oneFloor')}  ratio ${format(ratio('oneFloor'))}x`);
    console.log(`  target ≥ ${TARGET_RATIO}x for the searches, anonymous and signed in: ${ok ? 'ok' : 'BELOW TARGET'}`);
    return ok;
  } finally {
    await server.stop();
    await dropDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const works = Number(process.env.BENCH_WORKS ?? 1_000_000);
  process.exitCode = (await run({ works })) ? 0 : 1;
}
