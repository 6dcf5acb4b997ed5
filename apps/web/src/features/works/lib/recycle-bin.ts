import { RECYCLE_BIN_DAYS } from '@spatia/contract';
import { toMilliseconds, type TimeInput } from '../../../lib/format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a work deleted at `deletedAt` leaves the recycle bin for good. */
export function purgeTime(deletedAt: TimeInput): number {
  return toMilliseconds(deletedAt) + RECYCLE_BIN_DAYS * DAY_MS;
}

/** Whole days left before the work is removed for good (0 on its last day). */
export function daysUntilPurge(deletedAt: TimeInput, now: number = Date.now()): number {
  return Math.max(0, Math.floor((purgeTime(deletedAt) - now) / DAY_MS));
}
