const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `endsAt` (a part of a day counts as one), never below 0. */
export function daysLeft(endsAt: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((endsAt - now) / DAY_MS));
}

/** How much of the period from `startsAt` to `endsAt` is still ahead, in percent (0-100). */
export function percentLeft(startsAt: number, endsAt: number, now: number = Date.now()): number {
  const total = endsAt - startsAt;
  if (total <= 0) return 0;
  return Math.round(Math.min(1, Math.max(0, (endsAt - now) / total)) * 100);
}
