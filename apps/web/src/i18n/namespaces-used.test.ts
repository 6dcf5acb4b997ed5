import { describe, expect, it } from 'vitest';
import { namespacesUsed } from '../../build/i18n-namespaces';

describe('namespacesUsed (the build finds what a module needs)', () => {
  const known = new Set(['search', 'common', 'wallet']);
  it('finds a namespace from a literal key, a template key and a key prefix', () => {
    expect(namespacesUsed('t(\'search.title\'); t(`common.status.${s}`); keyPrefix: "wallet.admin"', known)).toEqual([
      'search',
      'common',
      'wallet',
    ]);
  });
  it('ignores unknown heads and words without a dot (query keys, icon names)', () => {
    expect(namespacesUsed("['wallet'] as const; icon: 'wallet'; t('nope.x'); a.search.b", known)).toEqual([]);
  });
  it('ignores keys quoted in comments', () => {
    const code = "/** The page (the work itself is `search.detail`). */\n  // see 'wallet.x'\n   * `common.y`\nt('wallet.title');";
    expect(namespacesUsed(code, known)).toEqual(['wallet']);
  });
});
