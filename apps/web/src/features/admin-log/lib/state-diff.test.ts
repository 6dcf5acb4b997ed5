import { ADMIN_ACTIONS, ADMIN_LOG_FIELDS } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { catalogues } from '../../../i18n/locales';
import { diffStates } from './state-diff';
import { CODED_FIELDS, fieldLabel, formatStateValue } from './state-labels';

describe('diffStates', () => {
  it('lists what changed, was set or was removed as changes, nested fields by path', () => {
    expect(
      diffStates(
        { roles: ['customer'], disabled: false, limits: { daily: 5, monthly: 50 } },
        { roles: ['merchant'], disabled: false, limits: { daily: 6, monthly: 50 }, extra: 1 },
      ),
    ).toEqual({
      changes: [
        { path: 'roles', kind: 'changed', before: ['customer'], after: ['merchant'] },
        { path: 'limits.daily', kind: 'changed', before: 5, after: 6 },
        { path: 'extra', kind: 'added', after: 1 },
      ],
      context: [
        { path: 'disabled', value: false },
        { path: 'limits.monthly', value: 50 },
      ],
    });
  });

  it('keeps a field named only before (the row the action concerned) as context, never as a removal', () => {
    // An identity decision records who applied for what before, and only the decision after.
    expect(diffStates({ status: 'pending', userId: 12, identityId: 3 }, { status: 'rejected', reason: 'Blurred card' })).toEqual({
      changes: [
        { path: 'status', kind: 'changed', before: 'pending', after: 'rejected' },
        { path: 'reason', kind: 'added', after: 'Blurred card' },
      ],
      context: [
        { path: 'userId', value: 12 },
        { path: 'identityId', value: 3 },
      ],
    });
    // A hidden membership version: only `visible` changed, whatever else was recorded before.
    expect(diffStates({ identityNameEn: 'Pro', visible: true }, { visible: false }).changes).toEqual([
      { path: 'visible', kind: 'changed', before: true, after: false },
    ]);
  });

  it('does not count a field set to nothing (an approval’s empty reason) as a change', () => {
    expect(diffStates({ status: 'reviewing' }, { status: 'approved', reason: '', note: null, words: [] }).changes).toEqual([
      { path: 'status', kind: 'changed', before: 'reviewing', after: 'approved' },
    ]);
  });

  it('lists every field of a created thing as added and of a deleted one as removed', () => {
    expect(diffStates(null, { name: 'Pro' })).toEqual({ changes: [{ path: 'name', kind: 'added', after: 'Pro' }], context: [] });
    expect(diffStates({ name: 'Pro' }, null)).toEqual({ changes: [{ path: 'name', kind: 'removed', before: 'Pro' }], context: [] });
    expect(diffStates(null, null)).toEqual({ changes: [], context: [] });
  });

  it('compares plain values and lists whole', () => {
    expect(diffStates([{ months: 1 }], [{ months: 3 }])).toEqual({
      changes: [{ path: '', kind: 'changed', before: [{ months: 1 }], after: [{ months: 3 }] }],
      context: [],
    });
    expect(diffStates(['a'], ['a'])).toEqual({ changes: [], context: [{ path: '', value: ['a'] }] });
  });
});

describe('recorded fields and values, in the reader’s language', () => {
  const en = i18n.getFixedT('en');
  const zh = i18n.getFixedT('zh');

  it('labels fields instead of showing their names', () => {
    expect(fieldLabel('userId', en)).toBe('User id');
    expect(fieldLabel('userId', zh)).toBe('用户 ID');
    expect(fieldLabel('status', zh)).toBe('状态');
    expect(fieldLabel('', en)).toBe('Value');
  });

  it('writes codes by their label, money in yuan, yes and no, lists joined', () => {
    expect(formatStateValue('status', 'underReview', en)).toBe('Under review');
    expect(formatStateValue('status', 'approved', zh)).toBe('已通过');
    expect(formatStateValue('amountFen', 12_345, en)).toBe('¥123.45');
    expect(formatStateValue('visible', false, zh)).toBe('否');
    expect(formatStateValue('roles', ['customer', 'merchant'], en)).toBe('Customer, Merchant');
    expect(formatStateValue('roles', ['customer', 'merchant'], zh)).toBe('客户、商家');
    expect(formatStateValue('reason', '', en)).toBe('(none)');
    expect(formatStateValue('replacedMembershipId', null, en)).toBe('—');
    expect(formatStateValue('userId', 12, en)).toBe('12');
    // A code this build has no label for stays readable as it is.
    expect(formatStateValue('status', 'somethingNew', en)).toBe('somethingNew');
    expect(formatStateValue('priceTags', [{ labelEn: 'Monthly', value: '¥99' }], en)).toBe('[{"labelEn":"Monthly","value":"¥99"}]');
  });

  it('has a label in both languages for every field the server may record, and for each coded field', () => {
    for (const language of ['zh', 'en'] as const) {
      const adminLog = catalogues[language].adminLog as { fields?: Record<string, unknown>; values?: Record<string, unknown> };
      const missing = [...ADMIN_LOG_FIELDS, 'whole'].filter((field) => typeof adminLog.fields?.[field] !== 'string');
      expect(missing, language).toEqual([]);
      const uncoded = CODED_FIELDS.filter((field) => typeof adminLog.values?.[field] !== 'object');
      expect(uncoded, language).toEqual([]);
    }
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
