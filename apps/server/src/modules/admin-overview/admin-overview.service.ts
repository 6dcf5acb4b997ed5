import type { AdminOverview, ReviewKind } from '@spatia/contract';
import type { DailyCount } from '../../db/daily-counts.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { addDays, daysFrom } from '../../lib/day-range.js';

export interface OverviewSources {
  signups(days: number): Promise<{ total: number; perDay: DailyCount[] }>;
  works(days: number): Promise<{ total: number; perDay: DailyCount[] }>;
  /** How many items wait in each review queue. */
  pending: Record<ReviewKind, () => Promise<number>>;
}

/** The back office's first page: what waits for a decision, and how the platform grows day by day. */
export class AdminOverviewService {
  constructor(
    private readonly sources: OverviewSources,
    private readonly calendar = new BusinessCalendar(),
    private readonly now: () => number = () => Date.now(),
  ) {}

  async overview(days: number): Promise<AdminOverview> {
    const kinds = Object.keys(this.sources.pending) as ReviewKind[];
    const [signups, works, ...pendingCounts] = await Promise.all([
      this.sources.signups(days),
      this.sources.works(days),
      ...kinds.map((kind) => this.sources.pending[kind]()),
    ]);
    const pending = Object.fromEntries(kinds.map((kind, index) => [kind, pendingCounts[index] ?? 0])) as Record<ReviewKind, number>;
    const newWorks = new Map(works.perDay.map((row) => [row.day, row.count]));
    // Every business day of the period, today last: the chart draws them as they are.
    const today = this.calendar.today(this.now());
    const dayKeys = daysFrom(addDays(today, -(days - 1)), today);
    const newUsers = new Map(signups.perDay.map((row) => [row.day, row.count]));
    return {
      pending,
      totals: { users: signups.total, works: works.total },
      days: dayKeys.map((day) => ({ day, users: newUsers.get(day) ?? 0, works: newWorks.get(day) ?? 0 })),
    };
  }
}
