import { isCalendarDay } from '@spatia/contract';
import { fail, invalid } from './app-error.js';
import { addDays } from './day-range.js';

/** The business time zone when `BUSINESS_TIME_ZONE` is not set: the operator's day is Beijing's. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

const HOUR_MS = 3_600_000;
/** No zone is further than this from UTC (Pacific/Kiritimati is +14, Etc/GMT+12 is −12). */
const FURTHEST_OFFSET_MS = 15 * HOUR_MS;

/** Whether `zone` is an IANA time zone name this runtime knows (`Asia/Shanghai`, `UTC`), not an offset like `+08:00`. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A time range [from, to) made of whole business days; an end left open is undefined. */
export interface DayRange {
  from?: Date;
  to?: Date;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The days money and statistics are counted in (docs/billing.md, "Days"): billing days, monthly budgets,
 * lease months, income days and every "today" are days of one business time zone, not UTC. A day is
 * `YYYY-MM-DD`; it starts at 00:00 on the zone's clock, so it is 23, 24 or 25 hours long where the zone
 * has daylight saving time. Pure day arithmetic (`addDays`, `daysFrom`, `monthOf`) needs no zone and
 * stays in day-range.ts.
 */
export class BusinessCalendar {
  private readonly format: Intl.DateTimeFormat;

  constructor(readonly zone: string = DEFAULT_BUSINESS_TIME_ZONE) {
    if (!isTimeZone(zone)) throw new Error(`not an IANA time zone: ${zone}`);
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** The business day of an instant, `YYYY-MM-DD`. */
  dayOf(time: number | Date): string {
    const clock = this.wallClock(typeof time === 'number' ? time : time.getTime());
    return `${String(clock.year).padStart(4, '0')}-${pad(clock.month)}-${pad(clock.day)}`;
  }

  /** Today's business day at `now`. */
  today(now: number): string {
    return this.dayOf(now);
  }

  /** The first business day of the month `now` is in. */
  monthStart(now: number): string {
    return `${this.dayOf(now).slice(0, 7)}-01`;
  }

  /**
   * The first instant of a business day. Where the zone skips midnight (a daylight saving change at
   * 00:00), the day starts when its clock does.
   */
  dayStart(day: string): Date {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const midnight = Date.UTC(year, month - 1, date);
    const guess = this.instantOfWallTime(midnight);
    if (this.dayOf(guess) === day && this.dayOf(guess - 1) < day) return new Date(guess);
    // A skipped or doubled midnight: the first instant whose day is `day`, found by halving.
    let before = midnight - FURTHEST_OFFSET_MS;
    let after = midnight + FURTHEST_OFFSET_MS;
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2);
      if (this.dayOf(middle) < day) before = middle;
      else after = middle;
    }
    return new Date(after);
  }

  /** The day's length in milliseconds: 24 hours, or 23 or 25 on a daylight saving change. */
  dayLength(day: string): number {
    return this.dayStart(addDays(day, 1)).getTime() - this.dayStart(day).getTime();
  }

  /**
   * `startTime` and `endTime` (`YYYY-MM-DD`, both days included, '' or absent for an open end) as a
   * time range of business days. A day that does not exist is refused naming its field, a start after
   * the end with 1630.
   */
  parseDayRange(startTime: string | undefined, endTime: string | undefined): DayRange {
    if (startTime && !isCalendarDay(startTime)) throw invalid('startTime', 'invalid');
    if (endTime && !isCalendarDay(endTime)) throw invalid('endTime', 'invalid');
    if (startTime && endTime && startTime > endTime) throw fail('dateRangeReversed', { startTime, endTime });
    return {
      from: startTime ? this.dayStart(startTime) : undefined,
      to: endTime ? this.dayStart(addDays(endTime, 1)) : undefined,
    };
  }

  /**
   * The same time of day `months` calendar months later on the business calendar; the 31st of a
   * shorter month becomes its last day (a lease bought on 31 January ends on the last day of February).
   */
  addMonths(at: Date, months: number): Date {
    const clock = this.wallClock(at.getTime());
    const monthIndex = clock.year * 12 + clock.month - 1 + months;
    const year = Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const wall = Date.UTC(year, month - 1, Math.min(clock.day, lastDay), clock.hour, clock.minute, clock.second, at.getTime() % 1000);
    return new Date(this.instantOfWallTime(wall));
  }

  /** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
  offsetAt(time: number): number {
    const clock = this.wallClock(time);
    const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
    return wall - (time - mod(time, 1000));
  }

  /** The instant the zone's clock shows `wall` (a wall time written as if it were UTC); a skipped time moves forward. */
  private instantOfWallTime(wall: number): number {
    const first = wall - this.offsetAt(wall);
    const second = wall - this.offsetAt(first);
    return this.offsetAt(second) === wall - second ? second : Math.max(first, second);
  }

  private wallClock(time: number): WallClock {
    const parts: Record<string, number> = {};
    for (const part of this.format.formatToParts(new Date(time))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      hour: parts.hour!,
      minute: parts.minute!,
      second: parts.second!,
    };
  }
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
