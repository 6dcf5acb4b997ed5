import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import { codesOf, collectErrors, defineErrors, ErrorCode, GeneralErrors, isErrorCatalogue } from './errors.js';

const errors = Object.values(collectErrors(contract));

describe('defineErrors', () => {
  it('returns the declaration, marked as a catalogue that lists only its errors', () => {
    const catalogue = defineErrors({ teaCold: { code: 9001, status: 409, zh: '茶凉了', en: 'The tea is cold' } });
    expect(catalogue.teaCold).toEqual({ code: 9001, status: 409, zh: '茶凉了', en: 'The tea is cold' });
    expect(isErrorCatalogue(catalogue)).toBe(true);
    expect(isErrorCatalogue({ teaCold: catalogue.teaCold })).toBe(false);
    expect(Object.keys(catalogue)).toEqual(['teaCold']);
    expect(codesOf(catalogue)).toEqual({ teaCold: 9001 });
  });

  it('refuses an empty message, a code that is not a whole number and a status that is not an HTTP one', () => {
    expect(() => defineErrors({ mute: { code: 9001, status: 400, zh: ' ', en: 'Silence' } })).toThrow('error mute: a message is empty');
    expect(() => defineErrors({ odd: { code: 9.5, status: 400, zh: '怪', en: 'Odd' } })).toThrow('error odd: code 9.5');
    expect(() => defineErrors({ odd: { code: 9001, status: 99, zh: '怪', en: 'Odd' } })).toThrow('error odd: status 99');
  });
});

describe('collectErrors', () => {
  const TeaErrors = defineErrors({ teaCold: { code: 9001, status: 409, zh: '茶凉了', en: 'The tea is cold' } });

  it('gathers the errors of every catalogue among the exports, and nothing else', () => {
    const collected = collectErrors({ TeaErrors, GeneralErrors, TEA_MAX: 3, brew: () => 'tea' });
    expect(collected.teaCold).toEqual({
      code: 9001,
      status: 409,
      zh: '茶凉了',
      en: 'The tea is cold',
      name: 'teaCold',
      catalogue: 'TeaErrors',
    });
    expect(collected.notFound.catalogue).toBe('GeneralErrors');
    expect(Object.keys(collected)).toHaveLength(Object.keys(GeneralErrors).length + 1);
  });

  it('takes a catalogue exported under two names once', () => {
    expect(Object.keys(collectErrors({ TeaErrors, AlsoTeaErrors: TeaErrors }))).toEqual(['teaCold']);
  });

  it('refuses two errors with one code, naming both', () => {
    const CoffeeErrors = defineErrors({ coffeeCold: { code: 9001, status: 409, zh: '咖啡凉了', en: 'The coffee is cold' } });
    expect(() => collectErrors({ TeaErrors, CoffeeErrors })).toThrow(
      'error code 9001 is declared twice: teaCold (TeaErrors) and coffeeCold (CoffeeErrors)',
    );
  });

  it('refuses two errors with one name, naming both catalogues', () => {
    const OtherTeaErrors = defineErrors({ teaCold: { code: 9002, status: 409, zh: '茶凉了', en: 'The tea is cold' } });
    expect(() => collectErrors({ TeaErrors, OtherTeaErrors })).toThrow(
      'error teaCold is declared twice: in TeaErrors and in OtherTeaErrors',
    );
  });
});

describe("the contract's errors", () => {
  it('are found in the domain files, not only the general catalogue', () => {
    expect(errors.find((error) => error.name === 'withdrawalBelowMinimum')).toMatchObject({ code: 1620, catalogue: 'WithdrawalErrors' });
  });

  it('each say what went wrong in both languages', () => {
    expect(errors.filter((error) => !error.zh.trim() || !error.en.trim()).map((error) => error.name)).toEqual([]);
  });

  it('leave ErrorCode the general codes only', () => {
    expect(ErrorCode).toEqual(codesOf(GeneralErrors));
    expect(ErrorCode).not.toHaveProperty('withdrawalBelowMinimum');
  });
});

describe('docs/errors.md', () => {
  const rows = new Map(
    readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => /^\| \d+ \|/.test(line))
      .map((line) => {
        const [code = '', status = '', , zh = '', en = ''] = line.slice(2, -2).split(' | ');
        return [Number(code), { status, zh, en }] as const;
      }),
  );
  /** The doc shows an English plural choice `{n:one|other}` in its plural form. */
  const asDocumented = (template: string) => template.replace(/\{\w+:[^|{}]*\|([^|{}]*)\}/g, '$1');

  it('lists every error with its HTTP status and both messages', () => {
    const wrong = errors.filter((error) => {
      const row = rows.get(error.code);
      return !row || !row.status.includes(String(error.status)) || !row.zh.includes(error.zh) || !row.en.includes(asDocumented(error.en));
    });
    expect(wrong.map(({ name, code }) => `${name} (${code})`)).toEqual([]);
  });

  it('lists no code that no catalogue declares', () => {
    const declared = new Set(errors.map((error) => error.code));
    expect([...rows.keys()].filter((code) => !declared.has(code))).toEqual([]);
  });
});
