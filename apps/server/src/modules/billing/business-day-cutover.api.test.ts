import { Permission } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { appWithPeople } from '../../test/app-with-people.js';
import type { TestApp } from '../../test/test-app.js';
import { person, publishedWork } from '../../test/works-fixtures.js';
import { TrafficRepository } from '../traffic/traffic.repository.js';
import { TrafficService } from '../traffic/traffic.service.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';

/**
 * The day a server moves from UTC days to business days (docs/billing.md "Days", cut-over): the rows
 * written before keep their UTC day, those after get the Beijing day, and every byte served on either
 * side is billed exactly once. The code before the cut-over is this code on the UTC calendar, which is
 * what it computed.
 */
let testApp: TestApp;
beforeAll(async () => {
  ({ testApp } = await appWithPeople({}));
});
afterAll(() => testApp.close());

const utc = new BusinessCalendar('UTC');
const beijing = new BusinessCalendar('Asia/Shanghai');

/** The traffic counter and the billing of one calendar, on a clock the test moves. */
function serverOn(calendar: BusinessCalendar) {
  const { database, ledger, works, notifications, logger } = testApp.app.services;
  const clock = { now: 0 };
  const traffic = new TrafficService(new TrafficRepository(database.db), works, () => clock.now, calendar);
  const billing = new BillingService(
    new BillingRepository(database.db),
    ledger,
    traffic,
    works,
    notifications,
    logger,
    () => clock.now,
    calendar,
  );
  return {
    /** Serves `bytes` of one of the work's files at `at`, and writes the count. */
    async serve(uid: string, at: string, bytes: number) {
      clock.now = Date.parse(at);
      await traffic.record({ key: `derived/${uid}/scene/thumb.jpg`, bytes, workUid: undefined });
      await traffic.flush();
    },
    /** The daily job as it runs at `at`. */
    async billDueDays(at: string) {
      clock.now = Date.parse(at);
      await billing.billDueDays();
    },
  };
}

/** The owner's traffic was counted on these days with these bytes, each day billed by one run, every byte in a bill once. */
async function expectBilledOnce(ownerId: number, bytesByDay: Record<string, number>): Promise<void> {
  const expected = Object.entries(bytesByDay).map(([day, bytes]) => ({ day, bytes: String(bytes) }));
  const counted = await countedOf(ownerId);
  expect(counted).toEqual(expected);
  expect(await billsOf(ownerId)).toEqual(counted);
  expect(await runsOf(Object.keys(bytesByDay))).toEqual(Object.keys(bytesByDay).map((day) => [day, 1]));
}

async function countedOf(ownerId: number) {
  return rowsOf<{ day: string; bytes: string }>(
    testApp.app.services.database.db,
    sql`select day::text, sum(bytes)::text as bytes from work_traffic_daily where owner_id = ${ownerId} group by day order by day`,
  );
}

async function billsOf(ownerId: number) {
  return rowsOf<{ day: string; bytes: string }>(
    testApp.app.services.database.db,
    sql`select day::text, bytes::text from traffic_bills where owner_id = ${ownerId} order by day`,
  );
}

async function runsOf(days: readonly string[]) {
  const rows = await rowsOf<{ day: string; runs: number }>(
    testApp.app.services.database.db,
    sql`select day::text, runs from billed_days where day = any(${`{${days.join(',')}}`}::date[]) order by day`,
  );
  return rows.map((row) => [row.day, Number(row.runs)]);
}

describe('moving from UTC days to Beijing days', () => {
  it('bills every byte once when the switch comes before 16:00 UTC (the same day in both)', async () => {
    const owner = await person(testApp.app, { menus: [Permission.wallet] });
    const work = await publishedWork(testApp.app, owner);
    const before = serverOn(utc);
    await before.serve(work.uid, '2026-10-04T10:00:00Z', 1);
    await before.serve(work.uid, '2026-10-04T20:00:00Z', 2); // 5 October in Beijing already: counted on the UTC day
    await before.billDueDays('2026-10-05T00:10:00Z'); // the old job bills 4 October
    await before.serve(work.uid, '2026-10-05T09:00:00Z', 4);

    // The server restarts with BUSINESS_TIME_ZONE=Asia/Shanghai at 10:00 UTC (18:00 in Beijing) on 5 October.
    const after = serverOn(beijing);
    await after.serve(work.uid, '2026-10-05T11:00:00Z', 8); // still 5 October in Beijing: added to the day's row
    await after.serve(work.uid, '2026-10-05T16:30:00Z', 16); // 00:30 on 6 October in Beijing
    await after.billDueDays('2026-10-05T16:10:00Z');
    await after.billDueDays('2026-10-06T00:10:00Z'); // the time the old job would have run: nothing is billed again
    await after.serve(work.uid, '2026-10-06T10:00:00Z', 32);
    await after.billDueDays('2026-10-06T16:10:00Z');

    await expectBilledOnce(owner.id, { '2026-10-04': 3, '2026-10-05': 12, '2026-10-06': 48 });
  });

  it('bills every byte once when the switch comes after 16:00 UTC (Beijing already on the next day)', async () => {
    const owner = await person(testApp.app, { menus: [Permission.wallet] });
    const work = await publishedWork(testApp.app, owner);
    const before = serverOn(utc);
    await before.serve(work.uid, '2026-10-11T12:00:00Z', 1);
    await before.billDueDays('2026-10-12T00:10:00Z');
    await before.serve(work.uid, '2026-10-12T01:00:00Z', 2);
    await before.serve(work.uid, '2026-10-12T19:00:00Z', 4); // 03:00 on 13 October in Beijing: counted on 12 October (UTC)

    // Restarted at 20:00 UTC on 12 October: 04:00 on 13 October in Beijing. 12 October is over there.
    const after = serverOn(beijing);
    await after.serve(work.uid, '2026-10-12T20:30:00Z', 8);
    await after.billDueDays('2026-10-12T21:00:00Z');
    await after.serve(work.uid, '2026-10-13T10:00:00Z', 16);
    await after.billDueDays('2026-10-13T00:10:00Z'); // 13 October is not over in Beijing
    await after.billDueDays('2026-10-13T16:10:00Z');

    await expectBilledOnce(owner.id, { '2026-10-11': 1, '2026-10-12': 6, '2026-10-13': 24 });
  });
});
