import { formatYuan } from '@spatia/contract';

/** A marker's rent, for its accessible name: whole yuan without cents. */
export function formatRentLabel(rentFen: number): string {
  const text = formatYuan(rentFen);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}
