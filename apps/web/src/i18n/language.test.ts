import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it('prefers the language cookie', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
    expect(detectLanguage('zh', ['en-US'])).toBe('zh');
  });
  it('ignores an unknown cookie value and falls back to the browser language', () => {
    expect(detectLanguage('fr', ['en-GB'])).toBe('en');
    expect(detectLanguage(undefined, ['zh-TW', 'en'])).toBe('zh');
  });
  it('uses the first browser language it supports', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'en-US'])).toBe('en');
  });
  it('defaults to zh', () => {
    expect(detectLanguage(undefined, [])).toBe('zh');
    expect(detectLanguage(undefined, ['de-DE'])).toBe('zh');
  });
});
