// Requests per second of payment notifications (POST /api/payments/sandbox/notify): each one a different
// order's, freshly signed, so every request is verified, its order locked, booked in the ledger and
// answered: the whole exactly-once path (docs/payments.md). Against a route on the same server that
// reads one payment order by primary key (/bench/pk), measured in the same run. A second figure replays
// notifications already booked: verify, lock, find it paid, answer.
// Embedded database by default; PostgreSQL with DATABASE_URL (a scratch database, dropped afterwards).
// Rounds alternate the order of the measurements; figures are medians of the per-round ratios.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, measure, median, roundOrder, startServer } from './lib.mjs';

const TARGET_RATIO = 0.3;
const ORDERS = 200_000;

export async function run({ seconds = 5, connections = 32, rounds = 4 } = {}) {
  const databaseUrl = process.env.DATABASE_URL;
  const scratch = databaseUrl
    ? await (await import('../apps/server/dist/db/scratch-database.js')).createScratchDatabase(databaseUrl, 'spatia_bench')
    : undefined;
  const secret = randomBytes(32).toString('hex');
  const env = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-payments-')),
    DATABASE_URL: scratch?.url,
    AUTH_SECRET: secret,
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    BENCH_ORDERS: String(ORDERS),
    REDIS_URL: undefined,
  };
  const server = await startServer('bench/payment-notifications-server.mjs', env, '/bench/pk', { timeoutMs: 300_000 });
  try {
    let next = 0;
    const booked = [];
    /** The sandbox's notification of order n, signed now, as the sandbox driver signs it. */
    const notification = (n) => {
      const body = JSON.stringify({
        orderNo: `BENCH${String(n).padStart(9, '0')}`,
        state: 'paid',
        transactionId: `SBXBENCH${n}`,
        amountFen: 3000,
        paidAt: Date.now(),
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', secret).update(`${timestamp}\n${body}\n`).digest('hex');
      return {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-sandbox-timestamp': timestamp, 'x-sandbox-signature': signature },
      };
    };
    const fresh = [
      {
        setupRequest: (request) => {
          next += 1;
          if (next > ORDERS) throw new Error(`more than ${ORDERS} notifications: raise ORDERS`);
          booked.push(next);
          return { ...request, ...notification(next) };
        },
      },
    ];
    const replayed = [
      { setupRequest: (request) => ({ ...request, ...notification(booked[Math.floor(Math.random() * booked.length)] ?? 1) }) },
    ];
    const notifyUrl = `${server.baseUrl}/api/payments/sandbox/notify`;
    const measureOf = (name, duration) => {
      const options = { seconds: duration, connections, pid: server.pid };
      if (name === 'pk') return measure(`${server.baseUrl}/bench/pk`, options);
      if (name === 'write') return measure(`${server.baseUrl}/bench/write`, { ...options, requests: [{ method: 'POST' }] });
      return measure(notifyUrl, { ...options, requests: name === 'fresh' ? fresh : replayed });
    };

    const names = ['pk', 'write', 'fresh', 'replayed'];
    for (const name of names) await measureOf(name, 1); // warm-up
    const samples = Object.fromEntries(names.map((name) => [name, []]));
    const ratios = { fresh: [], replayed: [], freshCpu: [], write: [] };
    for (let round = 0; round < rounds; round += 1) {
      const taken = {};
      for (const name of roundOrder(round, names)) taken[name] = await measureOf(name, seconds);
      for (const name of names) samples[name].push(taken[name]);
      ratios.fresh.push(taken.fresh.rps / taken.pk.rps);
      ratios.replayed.push(taken.replayed.rps / taken.pk.rps);
      ratios.write.push(taken.write.rps / taken.pk.rps);
      ratios.freshCpu.push(taken.fresh.perCpuSecond / taken.pk.perCpuSecond);
    }
    // Every fresh notification was booked once, and no replay booked again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { paid, postings } = await (await fetch(`${server.baseUrl}/bench/booked`)).json();
    if (paid !== next || postings !== next) throw new Error(`${next} payments notified, ${paid} orders paid, ${postings} ledger postings`);

    const describe = (name) =>
      `${format(median(samples[name].map((s) => s.rps)), 0).padStart(6)} req/s  p50 ${median(samples[name].map((s) => s.p50))} ms  p99 ${median(samples[name].map((s) => s.p99))} ms`;
    const ratio = median(ratios.fresh);
    const ok = ratio >= TARGET_RATIO;
    console.log(
      `payment-notifications (${databaseUrl ? 'postgres' : 'pglite'}, ${connections} connections, ${rounds} rounds of ${seconds} s, ${next.toLocaleString('en')} orders booked)`,
    );
    console.log(`  one primary-key SELECT route (/bench/pk)          ${describe('pk')}`);
    console.log(
      `  new notification: verify, lock, book, answer      ${describe('fresh')}  ratio ${format(ratio)}x (target ≥ ${TARGET_RATIO}x: ${ok ? 'met' : 'MISSED'}), ${format(median(ratios.freshCpu))}x per server CPU-second`,
    );
    console.log(`  repeated notification: verify, lock, answer       ${describe('replayed')}  ratio ${format(median(ratios.replayed))}x`);
    console.log(`  the floor of a write: one row inserted, committed  ${describe('write')}  ratio ${format(median(ratios.write))}x`);
    return ok;
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await run()) ? 0 : 1;
}
