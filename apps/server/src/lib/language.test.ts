import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language.js';

describe('resolveLanguage', () => {
  it('prefers the language cookie, then Accept-Language, then zh', () => {
    expect(resolveLanguage('en', 'zh-CN')).toBe('en');
    expect(resolveLanguage('zh-CN', 'en')).toBe('zh');
    expect(resolveLanguage(undefined, 'fr-FR,en-GB;q=0.8')).toBe('en');
    expect(resolveLanguage('klingon', 'de')).toBe('zh');
    expect(resolveLanguage(undefined, undefined)).toBe('zh');
  });
});
