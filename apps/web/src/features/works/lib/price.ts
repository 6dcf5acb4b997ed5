import { parseYuanToFen, SELLING_PRICE_MAX_FEN } from '@spatia/contract';
import { formatYuan } from '../../../lib/format';

export type PriceProblem = 'required' | 'format' | 'zero' | 'tooHigh';

export type ParsedPrice = { fen: number; problem?: undefined } | { fen?: undefined; problem: PriceProblem };

/**
 * A price typed in yuan ("12", "12.5", "¥1,200.00"), checked the way the server checks it: at most
 * two decimals, more than zero, at most ten million yuan. Whole fen, never floating point.
 */
export function parsePriceInput(text: string): ParsedPrice {
  const cleaned = text.replace(/[¥￥,\s]/g, '');
  if (!cleaned) return { problem: 'required' };
  const fen = parseYuanToFen(cleaned);
  if (fen === null) return { problem: 'format' };
  if (fen <= 0) return { problem: 'zero' };
  if (fen > SELLING_PRICE_MAX_FEN) return { problem: 'tooHigh' };
  return { fen };
}

/** A market price for display; '—' when the work is not on the market. */
export function formatMarketPrice(fen: number | null): string {
  return fen === null ? '—' : formatYuan(fen);
}

/** The largest price, in yuan, for the dialogs' hints. */
export const MAX_PRICE_YUAN_TEXT = formatYuan(SELLING_PRICE_MAX_FEN);
