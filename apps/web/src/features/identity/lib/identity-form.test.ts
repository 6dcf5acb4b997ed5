import { isWebAddress, type IdentityField } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { canApply, stateOf, toJsonExtras } from './identity-form';

const fields: IdentityField[] = [
  { name: 'realName', required: true, maxLength: 30, format: 'text' },
  { name: 'company', required: false, maxLength: 60, format: 'text' },
  { name: 'portfolioUrl', required: false, maxLength: 300, format: 'url' },
];

describe('identity form', () => {
  it('sends the card and the filled fields of the kind, trimmed', () => {
    expect(
      toJsonExtras(fields, { realName: ' 张三 ', company: '  ', portfolioUrl: 'https://a.example', shopName: 'x' }, '/files/c.webp'),
    ).toEqual({
      businessCardUrl: '/files/c.webp',
      realName: '张三',
      portfolioUrl: 'https://a.example',
    });
  });

  it('offers Apply only when nothing is open', () => {
    expect(stateOf({ record: null })).toBe('none');
    expect(['none', 'pending', 'approved', 'rejected', 'revoked'].filter((state) => canApply(state as never))).toEqual([
      'none',
      'rejected',
      'revoked',
    ]);
  });

  it('accepts http(s) addresses only', () => {
    expect(isWebAddress('https://example.com/me')).toBe(true);
    expect(isWebAddress('http://example.com')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('https://exa mple.com')).toBe(false);
    expect(isWebAddress('ftp://example.com')).toBe(false);
  });
});
