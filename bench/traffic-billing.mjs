// The daily traffic billing (docs/billing.md) against a plain `SUM ... GROUP BY` over the same rows, in the
// same process and database: 1,000,000 rows of work_traffic_daily (100,000 works of 5,000 owners, ten
// days), every owner funded. Billing reads each day's totals per owner, writes one bill per owner and day,
// charges each balance through the ledger and records what was charged; the baseline only sums the rows per
// owner and day. Rounds alternate the order; bills and postings are removed between rounds.
// Embedded database by default; PostgreSQL with DATABASE_URL (a scratch database, dropped afterwards).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { format, median, roundOrder } from './lib.mjs';

const TARGET_RATIO = 3;
const OWNERS = 5_000;
const WORKS_PER_OWNER = 20;
const DAYS = 10;

export async function run({ rounds = 4 } = {}) {
  const databaseUrl = process.env.DATABASE_URL;
  const scratch = databaseUrl
    ? await (await import('../apps/server/dist/db/scratch-database.js')).createScratchDatabase(databaseUrl, 'spatia_bench')
    : undefined;
  Object.assign(process.env, {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-billing-')),
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    DEMO_WORKS: 'false',
  });
  if (scratch) process.env.DATABASE_URL = scratch.url;
  delete process.env.REDIS_URL;
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('../apps/server/dist/app.js');
  const { loadConfig } = await import('../apps/server/dist/config/config.js');
  const { openDatabase } = await import('../apps/server/dist/db/database.js');
  const config = loadConfig(process.env);
  const database = await openDatabase(config.database);
  const app = await buildApp(config, { database });
  const { db } = database;
  const days = Array.from({ length: DAYS }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10));
  try {
    const seeding = performance.now();
    await db.execute(sql`
      insert into users (uid, phone, full_name, invite_code)
      select 'bench-owner-' || n, '136' || lpad(n::text, 8, '0'), 'Bench owner ' || n, 'BO' || lpad(n::text, 6, '0')
      from generate_series(1, ${OWNERS}) as n`);
    await db.execute(sql`
      insert into works (uid, owner_id, type, name)
      select 'bench-work-' || n, u.id, 'panorama', 'Bench work ' || n
      from generate_series(1, ${OWNERS * WORKS_PER_OWNER}) as n
      join users u on u.uid = 'bench-owner-' || (1 + n % ${OWNERS})`);
    await db.execute(sql`
      insert into work_traffic_daily (work_id, day, owner_id, requests, bytes)
      select w.id, d.day, w.owner_id, 1000 + (w.id * 7 + d.n) % 50000, (w.id * 104729 + d.n * 7919) % 3000000000
      from works w cross join (select n, (date '2026-01-01' + n - 1) as day from generate_series(1, ${DAYS}) as n) d
      where w.uid like 'bench-work-%'`);
    // Every owner holds ¥10,000: enough for every day, so each bill is charged in full.
    await db.execute(sql`
      insert into ledger_accounts (code, owner_user_id, allow_negative)
      select 'user:' || id || ':' || kind, id, false from users, (values ('balance'), ('income')) as k(kind) where uid like 'bench-owner-%'
      union all select 'system:payments:sandbox', null, true`);
    await db.execute(sql`
      insert into ledger_transactions (kind, reference) select 'flowRecharge', 'bench-fund:' || id from users where uid like 'bench-owner-%'`);
    await db.execute(sql`
      insert into ledger_entries (transaction_id, account_id, amount)
      select t.id, a.id, side.amount
      from ledger_transactions t
      join users u on t.reference = 'bench-fund:' || u.id
      cross join (values (1000000), (-1000000)) as side(amount)
      join ledger_accounts a on a.code = case when side.amount > 0 then 'user:' || u.id || ':balance' else 'system:payments:sandbox' end`);
    await db.execute(sql`vacuum analyze`);
    const count = (await db.execute(sql`select count(*)::int as rows from work_traffic_daily`)).rows[0].rows;
    const seeded = (performance.now() - seeding) / 1000;

    const sumGroupBy = async () => {
      const { rows } = await db.execute(sql`
        select owner_id, day, sum(requests)::int8 as requests, sum(bytes)::int8 as bytes from work_traffic_daily group by owner_id, day`);
      return rows.length;
    };
    // The floor of any billing of these rows: the same sums, then the same rows written (a bill per owner and
    // day, a ledger entry per bill), by plain SQL in one transaction, with no prices, leases, balances or locks.
    const writesAlone = async () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ledger_transactions (kind, reference, memo)
          select 'benchFloor', 'bench-floor:' || day, day::text from (select distinct day from work_traffic_daily) as d`);
        const { rows } = await tx.execute(sql`
          with written as (
            insert into traffic_bills (owner_id, day, requests, bytes, request_cost_fen, traffic_cost_fen, cost_fen, covered_by_lease, charged_fen)
            select owner_id, day, sum(requests), sum(bytes), 0, 0, 1, false, 1 from work_traffic_daily group by owner_id, day
            returning 1)
          select count(*)::int as bills from written`);
        // The database refuses a movement that does not balance (docs/ledger.md): one counter-entry per
        // day, in the same statement as the bills' entries, as the ledger writes a movement.
        await tx.execute(
          sql`insert into ledger_accounts (code, allow_negative) values ('system:bench-floor', true) on conflict do nothing`,
        );
        await tx.execute(sql`
          insert into ledger_entries (transaction_id, account_id, amount)
          select t.id, a.id, -1 from traffic_bills b
          join ledger_accounts a on a.code = 'user:' || b.owner_id || ':balance'
          join ledger_transactions t on t.reference = 'bench-floor:' || b.day
          union all
          select t.id, (select id from ledger_accounts where code = 'system:bench-floor'), count(*) from traffic_bills b
          join ledger_accounts a on a.code = 'user:' || b.owner_id || ':balance'
          join ledger_transactions t on t.reference = 'bench-floor:' || b.day
          group by t.id`);
        return rows[0].bills;
      });
    const billing = app.services.billing;
    const billAll = async () => {
      let bills = 0;
      for (const day of days) bills += await billing.billDay(day);
      return bills;
    };
    const unbill = async () => {
      await db.execute(sql`delete from traffic_bills`);
      await db.execute(sql`delete from billed_days`);
      // The ledger is append-only (docs/ledger.md): the bench, owner of its scratch database, lifts the guard to bill again.
      await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
      await db.execute(sql`alter table ledger_transactions disable trigger ledger_transactions_append_only`);
      await db.execute(
        sql`delete from ledger_entries where transaction_id in (select id from ledger_transactions where kind in ('trafficBill', 'benchFloor'))`,
      );
      await db.execute(sql`delete from ledger_transactions where kind in ('trafficBill', 'benchFloor')`);
      await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
      await db.execute(sql`alter table ledger_transactions enable trigger ledger_transactions_append_only`);
      await db.execute(sql`vacuum analyze`);
    };
    const timed = async (work) => {
      const started = performance.now();
      const result = await work();
      return { ms: performance.now() - started, result };
    };

    const expectEveryBalanceCharged = async () => {
      const { rows } = await db.execute(sql`
        select count(*)::int as charged from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where t.kind = 'trafficBill' and e.amount < 0`);
      if (rows[0].charged !== OWNERS * DAYS) throw new Error(`${OWNERS * DAYS} bills, ${rows[0].charged} balances charged in the ledger`);
    };

    await sumGroupBy(); // warm-up
    const samples = { billing: [], baseline: [], floor: [] };
    const ratios = [];
    const floorRatios = [];
    const measurements = { baseline: sumGroupBy, billing: billAll, floor: writesAlone };
    for (let round = 0; round < rounds; round += 1) {
      const taken = {};
      for (const name of roundOrder(round, ['baseline', 'billing', 'floor'])) {
        taken[name] = await timed(measurements[name]);
        if (name === 'billing') await expectEveryBalanceCharged();
        // Billing and the floor write the same bills: each starts from none.
        if (name !== 'baseline') await unbill();
      }
      if (taken.floor.result !== OWNERS * DAYS) throw new Error(`the floor wrote ${taken.floor.result} bills`);
      const expected = OWNERS * DAYS;
      if (taken.billing.result !== expected || taken.baseline.result !== expected) {
        throw new Error(`expected ${expected} owner-days, billed ${taken.billing.result}, summed ${taken.baseline.result}`);
      }
      samples.billing.push(taken.billing.ms);
      samples.baseline.push(taken.baseline.ms);
      samples.floor.push(taken.floor.ms);
      ratios.push(taken.billing.ms / taken.baseline.ms);
      floorRatios.push(taken.floor.ms / taken.baseline.ms);
    }
    const ratio = median(ratios);
    const ok = ratio <= TARGET_RATIO;
    console.log(
      `traffic-billing (${databaseUrl ? 'postgres' : 'pglite'}, ${count.toLocaleString('en')} traffic rows: ${OWNERS.toLocaleString('en')} owners × ${WORKS_PER_OWNER} works × ${DAYS} days, seeded in ${format(seeded, 0)} s, ${rounds} rounds)`,
    );
    console.log(`  SUM ... GROUP BY owner, day                  ${format(median(samples.baseline), 0).padStart(7)} ms`);
    console.log(
      `  billing: ${(OWNERS * DAYS).toLocaleString('en')} bills charged in the ledger  ${format(median(samples.billing), 0).padStart(7)} ms  ratio ${format(ratio)}x (target ≤ ${TARGET_RATIO}x: ${ok ? 'met' : 'MISSED'})`,
    );
    console.log(
      `  floor: the same sums and rows written by plain SQL  ${format(median(samples.floor), 0).padStart(7)} ms  ratio ${format(median(floorRatios))}x`,
    );
    return ok;
  } finally {
    await app.close();
    await database.close().catch(() => undefined);
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await run()) ? 0 : 1;
}
