import type { WorkTrafficDay } from '@spatia/contract';

const DAY_MS = 86_400_000;

/**
 * The server lists only days with traffic; a chart needs every day. Returns `count` days (UTC, the
 * server's days) ending today, oldest first, zero where nothing was served.
 */
export function fillTrafficDays(days: readonly WorkTrafficDay[], count: number, now: number = Date.now()): WorkTrafficDay[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const filled: WorkTrafficDay[] = [];
  for (let index = count - 1; index >= 0; index -= 1) {
    const day = new Date(now - index * DAY_MS).toISOString().slice(0, 10);
    const found = byDay.get(day);
    filled.push({ day, requests: found?.requests ?? 0, bytes: found?.bytes ?? 0 });
  }
  return filled;
}

/** The top of a chart's scale: a round number at or above `max` (1, 2 or 5 times a power of ten), at least 1. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}
