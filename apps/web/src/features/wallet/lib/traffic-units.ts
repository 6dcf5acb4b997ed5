import { BYTES_PER_GB } from '@spatia/contract';

const SMALL_UNITS = [
  { unit: 'MB', bytes: 1_000_000 },
  { unit: 'KB', bytes: 1_000 },
] as const;

/**
 * Bytes as billed GB (decimal, as budgets and prices count them): "0.25 GB", "12.5 GB", "1,234 GB";
 * under 0.01 GB in decimal MB or KB ("210 KB"), so a little traffic does not read as none.
 */
export function formatGb(bytes: number): string {
  const gb = bytes / BYTES_PER_GB;
  if (bytes > 0 && gb < 0.01) {
    const small = SMALL_UNITS.find((candidate) => bytes >= candidate.bytes) ?? { unit: 'B', bytes: 1 };
    return `${Math.round(bytes / small.bytes).toLocaleString('en-US')} ${small.unit}`;
  }
  const digits = gb === 0 || gb >= 100 ? 0 : gb >= 10 ? 1 : 2;
  return `${gb.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })} GB`;
}

/** How much of its monthly budget a work has served, 0–100 for a progress bar. */
export function budgetPercent(monthBytes: number, budgetGb: number): number {
  if (budgetGb <= 0) return 100;
  return Math.min(100, Math.round((monthBytes / (budgetGb * BYTES_PER_GB)) * 100));
}
