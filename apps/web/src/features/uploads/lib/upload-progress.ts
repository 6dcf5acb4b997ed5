/**
 * Upload speed and time left, smoothed so that the numbers a person reads do not jump with every
 * progress event: an exponential moving average over time (not over events), so bursts of events
 * and quiet gaps weigh what their duration is worth.
 */

/** Seconds over which older samples fade to about a third of their weight. */
const SMOOTHING_SECONDS = 3;
/** Samples closer together than this are merged, so that one quick event does not read as a spike. */
const MIN_SAMPLE_MS = 200;

export interface SpeedMeter {
  /** Reports the bytes sent so far (the total, not the increment) at `now` (ms). */
  sample(bytesSent: number, now: number): void;
  /** Forgets the last sample: after a pause the idle time must not count as a slow transfer. */
  restart(): void;
  /** Smoothed bytes per second; null until there is enough to tell. */
  readonly bytesPerSecond: number | null;
  /** Seconds left for `bytesTotal`, or null when the speed is unknown or zero. */
  secondsLeft(bytesTotal: number): number | null;
}

export function createSpeedMeter(smoothingSeconds = SMOOTHING_SECONDS): SpeedMeter {
  let last: { bytes: number; at: number } | null = null;
  let latestBytes = 0;
  let speed: number | null = null;

  return {
    sample(bytesSent, now) {
      latestBytes = bytesSent;
      if (!last) {
        last = { bytes: bytesSent, at: now };
        return;
      }
      const elapsedMs = now - last.at;
      if (elapsedMs < MIN_SAMPLE_MS) return;
      // A resumed upload can start below the last sample (the server kept less than was sent).
      const sent = Math.max(0, bytesSent - last.bytes);
      const instant = (sent * 1000) / elapsedMs;
      const weight = 1 - Math.exp(-elapsedMs / 1000 / smoothingSeconds);
      speed = speed === null ? instant : speed + weight * (instant - speed);
      last = { bytes: bytesSent, at: now };
    },
    restart() {
      last = null;
    },
    get bytesPerSecond() {
      return speed;
    },
    secondsLeft(bytesTotal) {
      if (speed === null || speed <= 0) return null;
      return Math.max(0, (bytesTotal - latestBytes) / speed);
    },
  };
}

/** Shared with the public pages; kept here under its old name for the upload panel's imports. */
export { formatBytes } from '../../../lib/format';

/** Bytes per second as "4.2 MB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  const megabytes = bytesPerSecond / (1024 * 1024);
  return `${megabytes >= 10 ? megabytes.toFixed(0) : megabytes.toFixed(1)} MB/s`;
}

/** Seconds split for "1 h 05 min", "3 min 20 s", "12 s" (the words come from the translations). */
export function splitDuration(seconds: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(seconds));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** Whole percent, never 100 before every byte is there. */
export function percentOf(bytesSent: number, bytesTotal: number): number {
  if (bytesTotal <= 0) return 0;
  if (bytesSent >= bytesTotal) return 100;
  return Math.min(99, Math.floor((bytesSent / bytesTotal) * 100));
}
