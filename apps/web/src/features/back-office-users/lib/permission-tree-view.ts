import {
  ALWAYS_ON_PERMISSION_ID,
  treeCheckState,
  type TreeKey,
  type UserPermissionGroupNode,
  type UserPermissionNode,
} from '@spatia/contract';

/** Why a box cannot be unchecked here: 276 is always on; roles and the membership give the rest. */
export type LockReason = 'alwaysOn' | 'role' | 'membership';

/**
 * antd's Tree wants string keys unique across groups and permissions: `g:<groupCode>` and
 * `p:<permId>`. The contract's rules address a group by its code and a permission by its id.
 */
export function treeNodeKey(key: TreeKey): string {
  return typeof key === 'number' ? `p:${key}` : `g:${key}`;
}

export function contractKeyOf(nodeKey: string): TreeKey {
  return nodeKey.startsWith('p:') ? Number(nodeKey.slice(2)) : nodeKey.slice(2);
}

export function lockReasonOf(node: UserPermissionNode): LockReason | null {
  if (node.permId === ALWAYS_ON_PERMISSION_ID) return 'alwaysOn';
  if (!node.locked) return null;
  return node.source === 'membership' ? 'membership' : node.source === 'role' ? 'role' : 'alwaysOn';
}

function walk(nodes: readonly UserPermissionNode[], visit: (node: UserPermissionNode) => void): void {
  for (const node of nodes) {
    visit(node);
    walk(node.subMenus, visit);
  }
}

/** The ids a tree edit cannot remove (276, and what roles and the membership give). */
export function lockedIdsOf(groups: readonly UserPermissionGroupNode[]): number[] {
  const ids: number[] = [];
  for (const group of groups) walk(group.menus, (node) => lockReasonOf(node) !== null && ids.push(node.permId));
  return ids;
}

/**
 * The boxes antd draws with `checkStrictly`: spec 3's states computed by the contract's
 * `treeCheckState`, a parent checked when all its children are and half checked when some are.
 */
export function checkedKeysOf(
  groups: readonly UserPermissionGroupNode[],
  checkedIds: ReadonlySet<number>,
): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const mark = (key: TreeKey, node: UserPermissionGroupNode | UserPermissionNode) => {
    const state = treeCheckState(node, checkedIds);
    if (state === 'checked') checked.push(treeNodeKey(key));
    if (state === 'half') halfChecked.push(treeNodeKey(key));
  };
  for (const group of groups) {
    mark(group.groupCode, group);
    walk(group.menus, (node) => mark(node.permId, node));
  }
  return { checked, halfChecked };
}

/** Whether two sets of ids hold the same ids. */
export function sameIds(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}
