import { describe, expect, it } from 'vitest';
import { fenToYuan } from '@spatia/contract';
import { formatMarketPrice, parsePriceInput } from './price';

describe('parsePriceInput', () => {
  it('reads yuan with up to two decimals as whole fen', () => {
    expect(parsePriceInput('12')).toEqual({ fen: 1200 });
    expect(parsePriceInput('12.5')).toEqual({ fen: 1250 });
    expect(parsePriceInput(' 0.01 ')).toEqual({ fen: 1 });
    expect(parsePriceInput('19.99')).toEqual({ fen: 1999 });
  });

  it('accepts the currency sign and thousands separators people paste', () => {
    expect(parsePriceInput('¥1,200.00')).toEqual({ fen: 120000 });
    expect(parsePriceInput('￥8')).toEqual({ fen: 800 });
  });

  it('names what is wrong', () => {
    expect(parsePriceInput('')).toEqual({ problem: 'required' });
    expect(parsePriceInput('abc')).toEqual({ problem: 'format' });
    expect(parsePriceInput('1.234')).toEqual({ problem: 'format' });
    expect(parsePriceInput('-5')).toEqual({ problem: 'format' });
    expect(parsePriceInput('0.00')).toEqual({ problem: 'zero' });
    expect(parsePriceInput('10000000.01')).toEqual({ problem: 'tooHigh' });
    expect(parsePriceInput('10000000')).toEqual({ fen: 1_000_000_000 });
  });
});

describe('parsePriceInput', () => {
  it('takes back the decimal the API is sent', () => {
    for (const fen of [1, 99, 100, 12345, 1_000_000_000]) expect(parsePriceInput(fenToYuan(fen))).toEqual({ fen });
  });
});

describe('formatMarketPrice', () => {
  it('shows yuan with two decimals, or a dash off the market', () => {
    expect(formatMarketPrice(123456)).toBe('¥1,234.56');
    expect(formatMarketPrice(5)).toBe('¥0.05');
    expect(formatMarketPrice(null)).toBe('—');
  });
});
