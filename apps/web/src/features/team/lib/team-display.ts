import type { TeamStatGranularity } from '@spatia/contract';

/** A rate in basis points as a percentage: 1000 → "10%", 250 → "2.5%", 5 → "0.05%" (no float noise, no trailing zeros). */
export function formatRate(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = Math.abs(basisPoints % 100);
  if (rest === 0) return `${whole}%`;
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** What the chart writes under a bar: a day as `MM-DD` (its year is in the range), a month as `YYYY-MM` (twelve months span two years). */
export function periodTick(granularity: TeamStatGranularity, period: string): string {
  return granularity === 'day' ? period.slice(5) : period.slice(0, 7);
}

/** The first day of a chart's range as its period is written: the month of a monthly chart, the day of a daily one. */
export function periodOf(granularity: TeamStatGranularity, day: string): string {
  return granularity === 'day' ? day : day.slice(0, 7);
}
