const DAY_MS = 86_400_000;

/**
 * Servers list only the days that have something; a chart needs every day. Returns `count` days (UTC,
 * as the server counts them) ending today, oldest first, with `empty(day)` where the server had none.
 */
export function fillDays<Row extends { day: string }>(
  rows: readonly Row[],
  count: number,
  empty: (day: string) => Row,
  now: number = Date.now(),
): Row[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const filled: Row[] = [];
  for (let index = count - 1; index >= 0; index -= 1) {
    const day = new Date(now - index * DAY_MS).toISOString().slice(0, 10);
    filled.push(byDay.get(day) ?? empty(day));
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
