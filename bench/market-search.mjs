// Requests per second of the market's search (GET /api/market/listings, open to everyone) over 100,000
// listings on the market, as a ratio to a route on the same server that does one primary-key SELECT,
// measured in the same run: a two-character Chinese keyword matching 1,000 listings, newest first (the
// GIN index on the listings' grams, docs/market.md), and the same keyword by price. The browse without a
// keyword (newest first, its total capped at 10,000) is reported beside them. Those requests are anonymous,
// so after the first they are answered from the page kept under the market's generation (docs/market.md
// "How a search is answered"); the same search signed in (read afresh, its total kept) and the floor (the
// search's statement alone on a bench route: page, sellers' names and, in one line, the capped count) show
// what a search costs when nothing is kept, and how much of it is PostgreSQL's. Rounds alternate the order
// of the measurements and the figure is the median of the per-round ratios. Runs on PostgreSQL when
// DATABASE_URL is set.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, format, measure, median, roundOrder, signIn, startServer } from './lib.mjs';

const TARGET_RATIO = 0.3;

export async function run({ seconds = 5, connections = 64, rounds = 4 } = {}) {
  const env = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-market-')),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    REDIS_URL: undefined,
    BENCH_PHONE: `136${String(Date.now()).slice(-8)}`,
    BENCH_PASSWORD: 'Bench#2026pass',
  };
  const databaseUrl = process.env.DATABASE_URL;
  const dropDatabase = await benchDatabase(env);
  const server = await startServer('bench/market-search-server.mjs', env, '/bench/pk', { timeoutMs: 600_000 });
  try {
    const { headers } = await signIn(server.baseUrl, env.BENCH_PHONE, env.BENCH_PASSWORD);
    const keyword = encodeURIComponent('湖景');
    const urls = {
      pk: `${server.baseUrl}/bench/pk`,
      search: `${server.baseUrl}/api/market/listings?q=${keyword}&sort=newest&pageSize=12`,
      searchByPrice: `${server.baseUrl}/api/market/listings?q=${keyword}&sort=priceAsc&pageSize=12`,
      browse: `${server.baseUrl}/api/market/listings?sort=newest&pageSize=12`,
      signedIn: `${server.baseUrl}/api/market/listings?q=${keyword}&sort=newest&pageSize=12`,
      floor: `${server.baseUrl}/bench/search-sql`,
      floorByPrice: `${server.baseUrl}/bench/search-sql-price`,
      floorCounted: `${server.baseUrl}/bench/search-sql-counted`,
    };
    const first = await (await fetch(urls.search)).json();
    if (first.data?.total !== 1_000 || first.data.list.length !== 12)
      throw new Error(`unexpected search answer: ${JSON.stringify(first).slice(0, 300)}`);
    const names = Object.keys(urls);
    const measureOf = (name, duration) =>
      measure(urls[name], { seconds: duration, connections, pid: server.pid, headers: name === 'signedIn' ? headers : {} });
    for (const name of names) await measureOf(name, 1); // warm-up
    const samples = Object.fromEntries(names.map((name) => [name, []]));
    const ratios = { search: [], searchByPrice: [], browse: [], signedIn: [], floor: [], floorByPrice: [], floorCounted: [] };
    const cpuRatios = { search: [], searchByPrice: [], browse: [], signedIn: [], floor: [], floorByPrice: [], floorCounted: [] };
    for (let round = 0; round < rounds; round += 1) {
      const taken = {};
      for (const name of roundOrder(round, names)) taken[name] = await measureOf(name, seconds);
      for (const name of names) samples[name].push(taken[name]);
      if (!(taken.pk.rps > 0)) throw new Error('the primary-key route answered nothing in a round: the machine is too loaded to measure');
      for (const name of Object.keys(ratios)) {
        ratios[name].push(taken[name].rps / taken.pk.rps);
        cpuRatios[name].push(taken[name].perCpuSecond / taken.pk.perCpuSecond);
      }
    }
    const database = databaseUrl ? 'postgres' : 'pglite';
    const describe = (name) =>
      `${format(median(samples[name].map((s) => s.rps)), 0).padStart(6)} req/s  p50 ${median(samples[name].map((s) => s.p50))} ms  p99 ${median(samples[name].map((s) => s.p99))} ms`;
    const ratio = median(ratios.search);
    const byPrice = median(ratios.searchByPrice);
    const ok = ratio >= TARGET_RATIO && byPrice >= TARGET_RATIO;
    console.log(
      `market-search (${database}, 100,000 listings on the market, ${connections} connections, ${rounds} rounds of ${seconds} s)`,
    );
    console.log(`  primary-key SELECT route            ${describe('pk')}`);
    console.log(`  search '湖景' (1,000 matches), newest ${describe('search')}  ratio ${format(ratio)}x`);
    console.log(`  search '湖景', by price              ${describe('searchByPrice')}  ratio ${format(byPrice)}x`);
    console.log(`  browse, newest (total capped 10,000) ${describe('browse')}  ratio ${format(median(ratios.browse))}x (reported)`);
    console.log(
      `  search '湖景', newest, signed in     ${describe('signedIn')}  ratio ${format(median(ratios.signedIn))}x (no kept page; a session lookup)`,
    );
    console.log('  the floor: the search statement alone on a bench route (no parsing, badges or response schema)');
    console.log(`  statement, newest (total cached)     ${describe('floor')}  ratio ${format(median(ratios.floor))}x`);
    console.log(`  statement, by price (total cached)   ${describe('floorByPrice')}  ratio ${format(median(ratios.floorByPrice))}x`);
    console.log(`  statement, newest, with the count    ${describe('floorCounted')}  ratio ${format(median(ratios.floorCounted))}x`);
    console.log(`  target ≥ ${TARGET_RATIO}x for the searches: ${ok ? 'ok' : 'BELOW TARGET'}`);
    console.log(
      `  per server CPU-second (Node process only): search ${format(median(cpuRatios.search))}x, by price ${format(median(cpuRatios.searchByPrice))}x, browse ${format(median(cpuRatios.browse))}x`,
    );
    return ok;
  } finally {
    await server.stop();
    await dropDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await run()) ? 0 : 1;
}
