import type { WorkTrafficDay } from '@spatia/contract';
import { BusinessCalendar } from '../../lib/business-time.js';
import { MemoryCache } from '../../lib/cache.js';
import { addDays, daysFrom } from '../../lib/day-range.js';
import { workUidOfDerivedKey } from '../processing/index.js';
import type { Actor } from '../works/index.js';
import type { WorksService } from '../works/index.js';
import type { CountedTraffic, OwnerTraffic, TrafficRepository } from './traffic.repository.js';

/** A file served: its key, the bytes sent, and the work the page said it was for (`?w=`), if any. */
export interface ServedFile {
  key: string;
  bytes: number;
  workUid: string | undefined;
}

interface Owned {
  workId: number;
  ownerId: number;
}

const FLUSH_MS = 5000;
const LOOKUP_TTL_SECONDS = 60;

/**
 * Counts the files served for each work, per business day and owner (docs/processing.md). Counts gather in
 * memory and are added to the table every few seconds in one statement, so serving a tile never
 * waits for a write; what a crash loses is at most those few seconds.
 */
export class TrafficService {
  private pending = new Map<string, CountedTraffic>();
  private readonly lookups = new MemoryCache(20_000);
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: TrafficRepository,
    private readonly works: WorksService,
    private readonly now: () => number = () => Date.now(),
    private readonly calendar = new BusinessCalendar(),
  ) {}

  /** Attributes a served file to its work: derived files by their key; uploaded files when `?w=` names a work that holds them. */
  async record(served: ServedFile): Promise<void> {
    const derivedUid = workUidOfDerivedKey(served.key);
    const owned = derivedUid
      ? await this.ownerOf(derivedUid)
      : served.workUid
        ? await this.ownerOfAsset(served.workUid, served.key)
        : undefined;
    if (!owned) return;
    const day = this.calendar.dayOf(this.now());
    const key = `${owned.workId}|${day}|${owned.ownerId}`;
    const entry = this.pending.get(key) ?? { ...owned, day, requests: 0, bytes: 0 };
    entry.requests += 1;
    entry.bytes += served.bytes;
    this.pending.set(key, entry);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /**
   * Writes what is counted so far. Flushes run one after the other, so when a call returns, everything
   * counted before it is in the table, including rows an earlier flush (the timer's) was still writing:
   * billing and the wallet read the table right after.
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    // An earlier write that failed was its caller's to hear of; this one still runs.
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write(rows));
    return this.flushing;
  }

  private async write(rows: CountedTraffic[]): Promise<void> {
    if (rows.length === 0) return;
    // A work purged since its files were served has nothing left to count against.
    const live = await this.works.findByIds(rows.map((row) => row.workId));
    await this.repository.add(rows.filter((row) => live.has(row.workId)));
  }

  async ofWork(actor: Actor, uid: string, days: number): Promise<{ days: WorkTrafficDay[]; requests: number; bytes: number }> {
    const work = await this.works.findManageable(actor, uid);
    await this.flush();
    const today = this.calendar.today(this.now());
    const from = addDays(today, -(days - 1));
    const counted = await this.repository.ofWork(work.id, from);
    const byDay = new Map(counted.map((day) => [day.day, day]));
    return {
      // Every business day of the window, today last: the web draws them as they are, with no day arithmetic of its own.
      days: daysFrom(from, today).map((day) => byDay.get(day) ?? { day, requests: 0, bytes: 0 }),
      requests: counted.reduce((sum, day) => sum + day.requests, 0),
      bytes: counted.reduce((sum, day) => sum + day.bytes, 0),
    };
  }

  /** Every owner's traffic of one day (what billing bills), with what is still in memory written first. */
  async ownerTotalsOfDay(day: string): Promise<OwnerTraffic[]> {
    await this.flush();
    return this.repository.ownerTotalsOfDay(day);
  }

  daysWithTraffic(fromDay: string, beforeDay: string): Promise<string[]> {
    return this.repository.daysWithTraffic(fromDay, beforeDay);
  }

  async worksServingAtLeast(fromDay: string, minBytes: number): Promise<{ workId: number; bytes: number }[]> {
    await this.flush();
    return this.repository.worksServingAtLeast(fromDay, minBytes);
  }

  async ownerDays(ownerId: number, fromDay: string) {
    await this.flush();
    return this.repository.ownerDays(ownerId, fromDay);
  }

  ownerWorks(ownerId: number, fromDay: string) {
    return this.repository.ownerWorks(ownerId, fromDay);
  }

  bytesOfWorks(workIds: readonly number[], fromDay: string): Promise<Map<number, number>> {
    return this.repository.bytesOfWorks(workIds, fromDay);
  }

  private async ownerOf(workUid: string): Promise<Owned | undefined> {
    const cacheKey = `work:${workUid}`;
    const cached = await this.lookups.get<Owned | null>(cacheKey);
    if (cached !== undefined) return cached ?? undefined;
    const work = await this.works.findByUid(workUid);
    const owned = work ? { workId: work.id, ownerId: work.ownerId } : null;
    await this.lookups.set(cacheKey, owned, LOOKUP_TTL_SECONDS);
    return owned ?? undefined;
  }

  private async ownerOfAsset(workUid: string, key: string): Promise<Owned | undefined> {
    const owned = await this.ownerOf(workUid);
    if (!owned) return undefined;
    const cacheKey = `asset:${owned.workId}:${key}`;
    let holds = await this.lookups.get<boolean>(cacheKey);
    if (holds === undefined) {
      holds = await this.works.holdsFile(owned.workId, key);
      await this.lookups.set(cacheKey, holds, LOOKUP_TTL_SECONDS);
    }
    return holds ? owned : undefined;
  }
}
