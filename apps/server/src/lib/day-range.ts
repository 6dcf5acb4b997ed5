import { isCalendarDay } from '@spatia/contract';
import { fail, invalid } from './app-error.js';

const DAY_MS = 86_400_000;

/** A time range [from, to) made of whole UTC days; an end left open is undefined. */
export interface DayRange {
  from?: Date;
  to?: Date;
}

/**
 * `startTime` and `endTime` (`YYYY-MM-DD`, both days included, '' or absent for an open end) as a
 * time range. A day that does not exist is refused naming its field, a start after the end with 1630.
 */
export function parseDayRange(startTime: string | undefined, endTime: string | undefined): DayRange {
  if (startTime && !isCalendarDay(startTime)) throw invalid('startTime', 'invalid');
  if (endTime && !isCalendarDay(endTime)) throw invalid('endTime', 'invalid');
  if (startTime && endTime && startTime > endTime) throw fail('dateRangeReversed', { startTime, endTime });
  return {
    from: startTime ? new Date(`${startTime}T00:00:00Z`) : undefined,
    to: endTime ? new Date(Date.parse(`${endTime}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

/** The UTC day of a moment, `YYYY-MM-DD`. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The moment a UTC day begins. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  return dayOf(dayStart(day).getTime() + days * DAY_MS);
}

/** `YYYY-MM` of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The same moment `months` calendar months later (UTC); the 31st of a shorter month ends on its last day. */
export function addMonths(at: Date, months: number): Date {
  const end = new Date(at.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** Every day from `start` to `end`, both included, oldest first. */
export function daysFrom(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}
