import { describe, expect, it } from 'vitest';
import { isPersonTab, personPath, userWorkPath } from './person-paths';

describe('person paths', () => {
  it('leads to one own homepage without a query, and to anyone else by uid', () => {
    expect(personPath()).toBe('/person');
    expect(personPath('U 1')).toBe('/person?uid=U+1');
  });

  it('names a tab other than the works in the address', () => {
    expect(personPath(undefined, 'fans')).toBe('/person?tab=fans');
    expect(personPath('abc', 'works')).toBe('/person?uid=abc');
    expect(personPath('abc', 'mutual')).toBe('/person?uid=abc&tab=mutual');
  });

  it('encodes the uid of the public works page', () => {
    expect(userWorkPath('a/b')).toBe('/userWork/a%2Fb');
  });

  it('knows its tabs and nothing else', () => {
    expect(isPersonTab('follows')).toBe(true);
    expect(isPersonTab('team')).toBe(false);
    expect(isPersonTab(null)).toBe(false);
  });
});
