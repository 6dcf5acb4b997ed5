import { describe, expect, inject, it } from 'vitest';
import { clusterState, withDatabase } from './support.js';

const state = clusterState();
const run = inject('scheduleRun');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The jobs the issue names among those scheduled (docs/jobs.md); every other schedule is checked too. */
const NAMED = [
  'billing.daily',
  'billing.enforce',
  'membership.expire',
  'payments.reconcile',
  'withdrawals.payout',
  'works.purgeRecycleBin',
];

describe('scheduled jobs with two workers', () => {
  it('sends each scheduled job once in the minute it is due, not once per worker', async () => {
    expect(run, 'scheduled-jobs.setup.ts (the global setup) points the schedules at one minute').toBeTruthy();
    const { nonce, slotStart, names } = run!;
    expect(names).toEqual(expect.arrayContaining(NAMED));

    // Both workers run: each has a clock of its own that looks at the schedules every 30 s.
    for (const url of state.workerMetrics) expect((await fetch(url)).status).toBe(200);

    // Wait out the minute (database time), then until pg-boss turned what its clock sent into jobs, and the
    // workers ran them.
    const deadline = Date.now() + Math.max(0, slotStart + 60_000 - Date.now()) + 60_000;
    let rows: { name: string; state: string }[] = [];
    let policies = new Map<string, string>();
    for (;;) {
      const seen = await withDatabase(state, async (client) => {
        const clock = await client.query<{ now: string; sending: number }>(
          `select (extract(epoch from now()) * 1000)::bigint::text as now,
                  (select count(*)::int from pgboss.job where name = '__pgboss__send-it' and state < 'completed') as sending`,
        );
        const jobs = await client.query<{ name: string; state: string }>(
          `select name, state::text as state from pgboss.job where data->>'clusterRun' = $1
           union all
           select name, state::text from pgboss.archive where data->>'clusterRun' = $1`,
          [nonce],
        );
        const queues = await client.query<{ name: string; policy: string }>(`select name, policy from pgboss.queue`);
        return { now: Number(clock.rows[0]!.now), sending: clock.rows[0]!.sending, jobs: jobs.rows, queues: queues.rows };
      });
      rows = seen.jobs;
      policies = new Map(seen.queues.map((queue) => [queue.name, queue.policy]));
      const settled = seen.now > slotStart + 62_000 && seen.sending === 0 && rows.every((row) => row.state === 'completed');
      if (settled || Date.now() > deadline) break;
      await sleep(1_000);
    }

    // Exactly one job of each schedule, and each ran to its end. A queue that keeps one job waiting (`short`:
    // processing.reviveStalled, which its own runs also queue) absorbs the schedule's send when one already
    // waits, and would absorb a second worker's too: at most one there.
    const counts = Object.fromEntries(names.map((name) => [name, rows.filter((row) => row.name === name).length]));
    const expected = (name: string, count: number) => (policies.get(name) === 'short' && count === 0 ? 0 : 1);
    expect(counts).toEqual(Object.fromEntries(names.map((name) => [name, expected(name, counts[name]!)])));
    expect(rows.filter((row) => row.state !== 'completed')).toEqual([]);
  }, 200_000);
});
