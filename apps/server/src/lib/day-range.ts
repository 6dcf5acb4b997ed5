/**
 * Arithmetic on calendar days (`YYYY-MM-DD`), which needs no time zone. Which day an instant falls on,
 * and when a day starts, are the business calendar's (business-time.ts).
 */

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** `YYYY-MM` of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** Every day from `start` to `end`, both included, oldest first. */
export function daysFrom(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}
