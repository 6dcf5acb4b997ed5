import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { CODE_PATTERN, passwordProblemMessage } from './account-rules';

afterAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('account rules', () => {
  it('explains each password problem in both languages', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(passwordProblemMessage(t, 'abc1')).toBe('Use at least 8 characters');
    expect(passwordProblemMessage(t, `a1${'x'.repeat(63)}`)).toBe('Use at most 64 characters');
    expect(passwordProblemMessage(t, 'abcdefgh')).toBe('Use at least one letter and one digit');
    expect(passwordProblemMessage(t, 'abcd1234')).toBeNull();
    await i18n.changeLanguage('zh');
    expect(passwordProblemMessage(i18n.t.bind(i18n), '12345678')).toBe('需同时包含字母和数字');
  });

  it('takes six-digit codes only', () => {
    expect(CODE_PATTERN.test('012345')).toBe(true);
    expect(CODE_PATTERN.test('12345')).toBe(false);
    expect(CODE_PATTERN.test('12345a')).toBe(false);
  });
});
