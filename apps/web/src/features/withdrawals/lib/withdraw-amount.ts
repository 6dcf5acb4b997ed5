import { parseYuanToFen } from '@spatia/contract';

/** What is wrong with an amount typed in yuan, as a message key with its values, or the amount in fen. */
export type AmountCheck =
  | { ok: true; fen: number }
  | { ok: false; key: 'empty' | 'format' | 'belowMinimum' | 'aboveMaximum' | 'overIncome'; values?: Record<string, number> };

/**
 * The withdraw form's rule for the amount: whole fen typed as yuan (at most two decimals), at least the
 * minimum, at most the ceiling and the income. The server checks the same; this only answers sooner.
 */
export function checkWithdrawAmount(text: string, limits: { minFen: number; maxFen: number; withdrawableFen: number }): AmountCheck {
  if (!text.trim()) return { ok: false, key: 'empty' };
  const fen = parseYuanToFen(text);
  if (fen === null) return { ok: false, key: 'format' };
  if (fen < limits.minFen) return { ok: false, key: 'belowMinimum', values: { min: limits.minFen } };
  if (fen > limits.maxFen) return { ok: false, key: 'aboveMaximum', values: { max: limits.maxFen } };
  if (fen > limits.withdrawableFen) return { ok: false, key: 'overIncome', values: { available: limits.withdrawableFen } };
  return { ok: true, fen };
}
