import { ADMIN_ACTIONS } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../i18n/locales';
import { diffStates, formatStateValue } from './state-diff';

describe('diffStates', () => {
  it('lists each field as same, changed, added or removed, nested ones by path', () => {
    expect(
      diffStates(
        { roles: ['customer'], disabled: false, limits: { daily: 5, monthly: 50 }, note: 'x' },
        { roles: ['merchant'], disabled: false, limits: { daily: 6, monthly: 50 }, extra: 1 },
      ),
    ).toEqual([
      { path: 'roles', kind: 'changed', before: ['customer'], after: ['merchant'] },
      { path: 'disabled', kind: 'same', before: false, after: false },
      { path: 'limits.daily', kind: 'changed', before: 5, after: 6 },
      { path: 'limits.monthly', kind: 'same', before: 50, after: 50 },
      { path: 'note', kind: 'removed', before: 'x' },
      { path: 'extra', kind: 'added', after: 1 },
    ]);
  });

  it('treats a missing state as empty, and compares plain values whole', () => {
    expect(diffStates(null, { name: 'Pro' })).toEqual([{ path: 'name', kind: 'added', after: 'Pro' }]);
    expect(diffStates({ name: 'Pro' }, null)).toEqual([{ path: 'name', kind: 'removed', before: 'Pro' }]);
    expect(diffStates(null, null)).toEqual([]);
    expect(diffStates(3, 4)).toEqual([{ path: '', kind: 'changed', before: 3, after: 4 }]);
    expect(diffStates(['a'], ['a'])).toEqual([{ path: '', kind: 'same', before: ['a'], after: ['a'] }]);
  });

  it('writes values as one line', () => {
    expect(formatStateValue('enterprise')).toBe('enterprise');
    expect(formatStateValue('')).toBe('""');
    expect(formatStateValue([1, 2])).toBe('[1,2]');
    expect(formatStateValue(null)).toBe('null');
  });
});

describe('admin action labels', () => {
  it('names every action of the contract in both languages', () => {
    for (const language of ['zh', 'en'] as const) {
      const actions = catalogues[language].adminLog?.actions as Record<string, Record<string, string>> | undefined;
      const missing = ADMIN_ACTIONS.filter((code) => {
        const [group, name] = code.split('.') as [string, string];
        return typeof actions?.[group]?.[name] !== 'string';
      });
      expect(missing, language).toEqual([]);
    }
  });
});
