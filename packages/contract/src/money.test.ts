import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, parseYuanToFen } from './money.js';

describe('fenToYuan', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [99, '0.99'],
    [100, '1.00'],
    [1250, '12.50'],
    [-1, '-0.01'],
    [-50, '-0.50'],
    [-250, '-2.50'],
    [123456789, '1234567.89'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('turns %i fen into %s', (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan);
  });

  it('refuses what is not whole fen', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(Number.NaN)).toThrow(RangeError);
  });

  it('parses back to the same fen', () => {
    for (const fen of [0, 1, 99, 100, 1250, 999_999_999_99]) expect(parseYuanToFen(fenToYuan(fen))).toBe(fen);
  });
});

describe('formatYuan', () => {
  it.each([
    [0, '¥0.00'],
    [1, '¥0.01'],
    [5, '¥0.05'],
    [123456, '¥1,234.56'],
    [-1, '-¥0.01'],
    [-250, '-¥2.50'],
    [-123456, '-¥1,234.56'],
    [100_000_000_000, '¥1,000,000,000.00'],
  ])('shows %i fen as %s', (fen, text) => {
    expect(formatYuan(fen)).toBe(text);
  });

  it('rounds a fraction of a fen (a chart tick) and shows what is not a number as zero', () => {
    expect(formatYuan(2.5)).toBe('¥0.03');
    expect(formatYuan(-0.4)).toBe('¥0.00');
    expect(formatYuan(Number.NaN)).toBe('¥0.00');
    expect(formatYuan(Number.POSITIVE_INFINITY)).toBe('¥0.00');
  });
});

describe('parseYuanToFen', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['0.07', 7],
    [' 100.50 ', 10050],
  ])('reads %s yuan as %i fen', (text, fen) => {
    expect(parseYuanToFen(text)).toBe(fen);
  });

  it.each(['1.234', '-1', '1e3', ''])('refuses %j: at most two decimals, no sign, no exponent', (text) => {
    expect(parseYuanToFen(text)).toBeNull();
  });
});
