import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { workTrafficDaily } from '../../db/schema/index.js';

/** Requests and bytes served for one work on one day, for one owner. */
export interface CountedTraffic {
  workId: number;
  day: string;
  ownerId: number;
  requests: number;
  bytes: number;
}

/** The only place that reads and writes `work_traffic_daily`. */
export class TrafficRepository {
  constructor(private readonly db: Db) {}

  /** Adds counted traffic, one statement for any number of (work, day, owner) rows. */
  async add(rows: readonly CountedTraffic[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.execute(sql`
      insert into ${workTrafficDaily} (work_id, day, owner_id, requests, bytes)
      select work_id, day, owner_id, requests, bytes
      from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ work_id: row.workId, day: row.day, owner_id: row.ownerId, requests: row.requests, bytes: row.bytes })))}::jsonb)
        as counted(work_id bigint, day date, owner_id bigint, requests bigint, bytes bigint)
      on conflict (work_id, day, owner_id) do update
        set requests = ${workTrafficDaily}.requests + excluded.requests, bytes = ${workTrafficDaily}.bytes + excluded.bytes`);
  }

  async ofWork(workId: number, fromDay: string): Promise<{ day: string; requests: number; bytes: number }[]> {
    return this.db
      .select({
        day: workTrafficDaily.day,
        requests: sql<number>`sum(${workTrafficDaily.requests})::int8`.mapWith(Number),
        bytes: sql<number>`sum(${workTrafficDaily.bytes})::int8`.mapWith(Number),
      })
      .from(workTrafficDaily)
      .where(and(eq(workTrafficDaily.workId, workId), sql`${workTrafficDaily.day} >= ${fromDay}`))
      .groupBy(workTrafficDaily.day)
      .orderBy(workTrafficDaily.day);
  }
}
