/**
 * Money is whole fen (integers) everywhere; these turn it into yuan text and back without floating
 * point, for the payment providers, the API's price fields and what people read.
 */

/** Parses a price typed in yuan ("12", "12.5", "12.50") into whole fen without floating point; null if it is not one. */
export function parseYuanToFen(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whole fen as decimal yuan, the text Alipay and the price fields take: 1234 → "12.34", -5 → "-0.05". */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`${fen} is not a whole number of fen`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Fen for people to read, with the yuan sign and thousands grouped: 123456 → "¥1,234.56", -250 → "-¥2.50".
 * A chart's axis may ask for a fraction of a fen: it is rounded, and what is not a number shows as zero.
 */
export function formatYuan(fen: number): string {
  const wholeFen = Number.isFinite(fen) ? Math.round(fen) : 0;
  const [sign, whole = '0', cents = '00'] = /^(-?)(\d+)\.(\d{2})$/.exec(fenToYuan(wholeFen))?.slice(1) ?? [];
  return `${sign}¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
