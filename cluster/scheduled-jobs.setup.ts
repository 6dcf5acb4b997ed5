import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { clusterState, withDatabase, type ClusterState } from './support.js';

/** What `scheduled-jobs.test.ts` checks: every schedule made to fire in one minute, its jobs marked. */
export interface ScheduleRun {
  /** In each schedule's data (`clusterRun`), so in every job the schedule sent for this run, and in no other. */
  nonce: string;
  /** The minute (database time, epoch ms) in which every schedule fires, and in no other. */
  slotStart: number;
  /** The scheduled jobs. */
  names: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    scheduleRun: ScheduleRun | null;
  }
}

interface ScheduleRow {
  name: string;
  cron: string;
  timezone: string | null;
  data: unknown;
}

/**
 * Global setup of the cluster tests: points every schedule of pg-boss's table (`pgboss.schedule`, which the
 * workers' clocks read on each look, every 30 s) at one minute, the current one when enough of it is left
 * for a look, else the next, with a mark in its data; the minute passes while the other files run, and
 * `scheduled-jobs.test.ts` (run last) counts what was sent. The schedules the workers wrote at their start
 * come back afterwards (any worker's restart writes them again too).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  let state: ClusterState;
  try {
    state = clusterState();
  } catch {
    project.provide('scheduleRun', null);
    return undefined;
  }
  const nonce = randomBytes(8).toString('hex');
  const { originals, run } = await withDatabase(state, async (client) => {
    const { rows: clock } = await client.query<{ now: string }>(`select (extract(epoch from now()) * 1000)::bigint::text as now`);
    const now = Number(clock[0]!.now);
    const minute = Math.floor(now / 60_000) * 60_000;
    // A look comes within 30 s of the one the update below forces; 25 s into a minute that still lands in it.
    const current = now - minute <= 25_000;
    const slotStart = current ? minute : minute + 60_000;
    const slot = new Date(slotStart);
    const cron = `${slot.getUTCMinutes()} ${slot.getUTCHours()} ${slot.getUTCDate()} ${slot.getUTCMonth() + 1} *`;
    const { rows } = await client.query<ScheduleRow>(`select name, cron, timezone, data from pgboss.schedule order by name`);
    await client.query(`update pgboss.schedule set cron = $1, timezone = 'UTC', data = $2, updated_on = now()`, [
      cron,
      JSON.stringify({ clusterRun: nonce }),
    ]);
    // The next look of either worker's clock looks at the schedules rather than waiting out the 30 s since the last.
    if (current) await client.query(`update pgboss.version set cron_on = null`);
    return { originals: rows, run: { nonce, slotStart, names: rows.map((row) => row.name) } };
  });
  project.provide('scheduleRun', run);
  return async () => {
    await withDatabase(state, async (client) => {
      for (const row of originals) {
        await client.query(
          `update pgboss.schedule set cron = $2, timezone = $3, data = $4, updated_on = now() where name = $1 and data->>'clusterRun' = $5`,
          [row.name, row.cron, row.timezone, row.data === null ? null : JSON.stringify(row.data), nonce],
        );
      }
    }).catch((error: unknown) => console.error(`could not restore the schedules: ${String(error)}`));
  };
}
