import { describe, expect, it } from 'vitest';
import { apiErrors } from './app-error.js';
import { messageKeys, translate, translateProblem, validationProblemKeys } from './messages.js';

describe('server messages', () => {
  it('say each error in the words its catalogue declares, and the messages without a code of their own', () => {
    for (const error of Object.values(apiErrors)) {
      const name = error.name as keyof typeof apiErrors;
      expect([translate(name, 'zh'), translate(name, 'en')], error.name).toEqual([error.zh, error.en]);
    }
    expect(messageKeys()).toEqual([...Object.keys(apiErrors), 'routeNotFound', 'unsupportedMediaType']);
    expect(translate('routeNotFound', 'en', { method: 'GET', url: '/api/nothing' })).toBe('No endpoint GET /api/nothing');
    expect(translate('unsupportedMediaType', 'zh')).toBe('不支持的请求内容类型');
  });

  it('take the English plural form of the number they name', () => {
    expect(translate('codeWrong', 'en', { remaining: 1 })).toBe('Wrong code. 1 attempt left');
    expect(translate('codeWrong', 'en', { remaining: 2 })).toBe('Wrong code. 2 attempts left');
    expect(translate('codeWrong', 'zh', { remaining: 1 })).toBe('验证码错误，还可尝试 1 次');
    expect(translate('rechargeFeeMismatch', 'en', { months: 1, expected: '30.00' })).toContain('1 month costs ¥30.00');
    expect(translate('rechargeFeeMismatch', 'en', { months: 12, expected: '300.00' })).toContain('12 months cost ¥300.00');
    expect(translateProblem('minLength', 'en', { limit: 1 })).toBe('must be at least 1 character');
    expect(translateProblem('maxLength', 'en', { limit: 64 })).toBe('must be at most 64 characters');
  });

  it('leave a plural choice whose number is missing as it is, like any missing parameter', () => {
    expect(translate('codeWrong', 'en')).toBe('Wrong code. {remaining} {remaining:attempt|attempts} left');
  });

  it('never put a number before an English plural noun without a plural choice', () => {
    // "1 months": a parameter followed by a plural noun reads wrong for 1; `{n:one|other}` chooses.
    const COUNTED_NOUN =
      /\{\w+\}\s+(?:\w+\s+)?(?:months|days|hours|minutes|seconds|works|items|entries|users|orders|words|points|attempts|files|scenes|characters|tags|times)\b/;
    const templates = [
      ...messageKeys().map((key) => [key, translate(key, 'en')] as const),
      ...validationProblemKeys().map((key) => [key, translateProblem(key, 'en')] as const),
    ];
    expect(templates.filter(([, text]) => COUNTED_NOUN.test(text)).map(([key]) => key)).toEqual([]);
  });
});
