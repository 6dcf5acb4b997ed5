import { toggle, type UserPermissionGroupNode, type UserPermissionNode } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { checkedKeysOf, contractKeyOf, lockedIdsOf, lockReasonOf, sameIds, treeNodeKey } from './permission-tree-view';

const leaf = (permId: number, extra: Partial<UserPermissionNode> = {}): UserPermissionNode => ({
  permId,
  permName: `p${permId}`,
  checked: false,
  source: null,
  locked: false,
  subMenus: [],
  ...extra,
});

const groups: UserPermissionGroupNode[] = [
  {
    groupCode: 'basic',
    groupName: 'Basics',
    checked: true,
    menus: [leaf(276, { checked: true, source: 'role', locked: true }), leaf(161, { checked: true, source: 'grant' })],
  },
  {
    groupCode: 'finance',
    groupName: 'Finance',
    checked: true,
    menus: [
      {
        ...leaf(162, { checked: true, source: 'role', locked: true }),
        subMenus: [leaf(1621, { checked: true, source: 'membership', locked: true }), leaf(1622)],
      },
    ],
  },
  { groupCode: 'market', groupName: 'Market', checked: false, menus: [leaf(480), leaf(481)] },
];

describe('permission tree view', () => {
  it('keys groups and permissions apart and back', () => {
    expect(treeNodeKey('market')).toBe('g:market');
    expect(treeNodeKey(480)).toBe('p:480');
    expect(contractKeyOf('g:market')).toBe('market');
    expect(contractKeyOf('p:480')).toBe(480);
  });

  it('says why a box is locked', () => {
    expect(lockReasonOf(groups[0]!.menus[0]!)).toBe('alwaysOn');
    expect(lockReasonOf(groups[1]!.menus[0]!)).toBe('role');
    expect(lockReasonOf(groups[1]!.menus[0]!.subMenus[0]!)).toBe('membership');
    expect(lockReasonOf(groups[0]!.menus[1]!)).toBeNull();
    expect(lockedIdsOf(groups).sort((a, b) => a - b)).toEqual([162, 276, 1621]);
  });

  it('checks a parent when all children are, half when some are', () => {
    const state = checkedKeysOf(groups, new Set([276, 161, 162, 1621]));
    expect(state.checked).toEqual(expect.arrayContaining(['g:basic', 'p:276', 'p:161', 'p:1621']));
    expect(state.halfChecked).toEqual(['g:finance', 'p:162']);
    expect(state.checked).not.toContain('g:market');

    // One market permission: the group is half checked; both: fully.
    const one = toggle(groups, [276, 161], 480, true);
    expect(checkedKeysOf(groups, one).halfChecked).toContain('g:market');
    const all = toggle(groups, one, 'market', true);
    expect(checkedKeysOf(groups, all).checked).toContain('g:market');
  });

  it('keeps 276 and the locked ids when a group is unchecked', () => {
    const next = toggle(groups, [276, 161, 162, 1621], 'basic', false, lockedIdsOf(groups));
    expect([...next].sort((a, b) => a - b)).toEqual([162, 276, 1621]);
    expect(checkedKeysOf(groups, next).halfChecked).toContain('g:basic');
    expect(sameIds(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(sameIds(new Set([1, 2]), new Set([1]))).toBe(false);
  });
});
