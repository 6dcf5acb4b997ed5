import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allPermissionIds,
  permissionIdsUnder,
  toggle,
  treeCheckState,
  withAncestors,
  type PermissionGroupNode,
  type PermissionNode,
} from './permission-tree.js';

const leaf = (permId: number): PermissionNode => ({ permId, permName: `p${permId}`, subMenus: [] });

/** The seeded shape: a group with a lone leaf, and one with a parent, two sub-parents and their leaves. */
const tree: PermissionGroupNode[] = [
  { groupCode: 'basic', groupName: 'Basics', menus: [leaf(276), leaf(161)] },
  {
    groupCode: 'finance',
    groupName: 'Finance',
    menus: [
      leaf(35),
      {
        permId: 162,
        permName: 'Orders',
        subMenus: [
          { permId: 1621, permName: 'Purchase', subMenus: [leaf(16211), leaf(16212)] },
          { permId: 1622, permName: 'Income', subMenus: [leaf(16221)] },
        ],
      },
    ],
  },
];
const finance = tree[1]!;
const orders = finance.menus[1]!;
const purchase = orders.subMenus[0]!;

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe('treeCheckState', () => {
  it('checks a leaf by its own id', () => {
    expect(treeCheckState(leaf(35), new Set([35]))).toBe('checked');
    expect(treeCheckState(leaf(35), new Set())).toBe('unchecked');
  });

  it('counts a parent as checked when all children are and as half when only some are', () => {
    expect(treeCheckState(purchase, new Set([16211, 16212]))).toBe('checked');
    expect(treeCheckState(purchase, new Set([16211]))).toBe('half');
    expect(treeCheckState(orders, new Set([16211]))).toBe('half');
    expect(treeCheckState(orders, new Set([16211, 16212, 16221]))).toBe('checked');
    expect(treeCheckState(finance, new Set([35, 162, 1621, 1622, 16211, 16212, 16221]))).toBe('checked');
    expect(treeCheckState(finance, new Set([35]))).toBe('half');
    expect(treeCheckState(finance, new Set())).toBe('unchecked');
  });

  it('shows a parent held without any child as half, and unchecked without its own id', () => {
    expect(treeCheckState(orders, new Set([162]))).toBe('half');
    expect(treeCheckState(orders, new Set([1]))).toBe('unchecked');
  });
});

describe('toggle', () => {
  it('checking a parent checks everything under it and its ancestors', () => {
    expect(sorted(toggle(tree, [], 1621, true))).toEqual([162, 1621, 16211, 16212]);
    expect(sorted(toggle(tree, [], 'finance', true))).toEqual([35, 162, 1621, 1622, 16211, 16212, 16221]);
  });

  it('checking a leaf checks its ancestors (a parent counts as checked when any child is)', () => {
    expect(sorted(toggle(tree, [], 16221, true))).toEqual([162, 1622, 16221]);
  });

  it('unchecking a parent unchecks its unlocked descendants and keeps locked ones', () => {
    const all = allPermissionIds(tree);
    const next = toggle(tree, all, 162, false, [16212]);
    // 16212 is locked (a role gives it), so its parents stay held.
    expect(sorted(next)).toEqual([35, 161, 162, 276, 1621, 16212]);
  });

  it('unchecking the last checked child unchecks its parents, not the siblings of the parents', () => {
    const next = toggle(tree, [35, 162, 1622, 16221], 16221, false);
    expect(sorted(next)).toEqual([35]);
  });

  it('never unchecks 276, even in an unchecked group', () => {
    expect(sorted(toggle(tree, [276, 161], 276, false))).toEqual([161, 276]);
    expect(sorted(toggle(tree, [276, 161], 'basic', false))).toEqual([276]);
  });

  it('keeps ids the tree does not have and ignores unknown keys', () => {
    expect(sorted(toggle(tree, [9999, 35], 35, false))).toEqual([9999]);
    expect(sorted(toggle(tree, [35], 'nope', false))).toEqual([35]);
  });

  it('leaves every held parent with a held child, whatever the clicks (property)', () => {
    const keys: (string | number)[] = ['basic', 'finance', ...allPermissionIds(tree)];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...keys), fc.boolean()), { maxLength: 30 }), (clicks) => {
        let checked = new Set<number>([276]);
        for (const [key, on] of clicks) checked = toggle(tree, checked, key, on, []);
        expect(checked.has(276)).toBe(true);
        const parents = [orders, purchase, orders.subMenus[1]!];
        for (const parent of parents) {
          const childHeld = permissionIdsUnder(parent).some((id) => id !== parent.permId && checked.has(id));
          // A click never leaves a child held under an unheld parent, nor a parent held with no child.
          expect(checked.has(parent.permId)).toBe(childHeld);
        }
      }),
    );
  });
});

describe('withAncestors', () => {
  it('adds the parents of each id', () => {
    expect(sorted(withAncestors(tree, [16212, 35]))).toEqual([35, 162, 1621, 16212]);
  });
});
