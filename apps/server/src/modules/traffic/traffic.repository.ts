import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { workTrafficDaily } from './traffic.tables.js';

/** Requests and bytes served for one work on one day, for one owner. */
export interface CountedTraffic {
  workId: number;
  day: string;
  ownerId: number;
  requests: number;
  bytes: number;
}

export interface OwnerTraffic {
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
      .select({ day: workTrafficDaily.day, ...this.sums })
      .from(workTrafficDaily)
      .where(and(eq(workTrafficDaily.workId, workId), sql`${workTrafficDaily.day} >= ${fromDay}`))
      .groupBy(workTrafficDaily.day)
      .orderBy(workTrafficDaily.day);
  }

  /** Every owner's requests and bytes of one day: what that day is billed on. */
  async ownerTotalsOfDay(day: string): Promise<OwnerTraffic[]> {
    return this.db
      .select({ ownerId: workTrafficDaily.ownerId, ...this.sums })
      .from(workTrafficDaily)
      .where(eq(workTrafficDaily.day, day))
      .groupBy(workTrafficDaily.ownerId);
  }

  /** Days from `fromDay` up to but not including `beforeDay` that have any traffic. */
  async daysWithTraffic(fromDay: string, beforeDay: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ day: workTrafficDaily.day })
      .from(workTrafficDaily)
      .where(and(gte(workTrafficDaily.day, fromDay), lt(workTrafficDaily.day, beforeDay)))
      .orderBy(workTrafficDaily.day);
    return rows.map((row) => row.day);
  }

  /** Works that served at least `minBytes` since `fromDay` (whoever owned them), with what they served. */
  async worksServingAtLeast(fromDay: string, minBytes: number): Promise<{ workId: number; bytes: number }[]> {
    return this.db
      .select({ workId: workTrafficDaily.workId, bytes: this.sums.bytes })
      .from(workTrafficDaily)
      .where(gte(workTrafficDaily.day, fromDay))
      .groupBy(workTrafficDaily.workId)
      .having(sql`sum(${workTrafficDaily.bytes}) >= ${minBytes}`);
  }

  /** One owner's traffic per day since `fromDay`. */
  async ownerDays(ownerId: number, fromDay: string): Promise<{ day: string; requests: number; bytes: number }[]> {
    return this.db
      .select({ day: workTrafficDaily.day, ...this.sums })
      .from(workTrafficDaily)
      .where(and(eq(workTrafficDaily.ownerId, ownerId), gte(workTrafficDaily.day, fromDay)))
      .groupBy(workTrafficDaily.day)
      .orderBy(workTrafficDaily.day);
  }

  /** One owner's traffic per work since `fromDay`. */
  async ownerWorks(ownerId: number, fromDay: string): Promise<{ workId: number; requests: number; bytes: number }[]> {
    return this.db
      .select({ workId: workTrafficDaily.workId, ...this.sums })
      .from(workTrafficDaily)
      .where(and(eq(workTrafficDaily.ownerId, ownerId), gte(workTrafficDaily.day, fromDay)))
      .groupBy(workTrafficDaily.workId);
  }

  /** What these works served since `fromDay`, by work. */
  async bytesOfWorks(workIds: readonly number[], fromDay: string): Promise<Map<number, number>> {
    if (workIds.length === 0) return new Map();
    const rows = await this.db
      .select({ workId: workTrafficDaily.workId, bytes: this.sums.bytes })
      .from(workTrafficDaily)
      .where(and(inArray(workTrafficDaily.workId, [...workIds]), gte(workTrafficDaily.day, fromDay)))
      .groupBy(workTrafficDaily.workId);
    return new Map(rows.map((row) => [row.workId, row.bytes]));
  }

  private readonly sums = {
    requests: sql<number>`sum(${workTrafficDaily.requests})::int8`.mapWith(Number),
    bytes: sql<number>`sum(${workTrafficDaily.bytes})::int8`.mapWith(Number),
  };
}
