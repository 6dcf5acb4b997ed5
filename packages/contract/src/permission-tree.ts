import { Permission } from './permissions.js';

/**
 * The permission tree of spec 3 and the rules of its check boxes, shared by the server (which keeps
 * what it stores consistent with them) and the back office's tree (antd's Tree does not implement
 * them: it runs with `checkStrictly` and asks these functions). docs/access.md.
 */

/** Where a user's permission comes from; null when the user does not hold it. */
export type PermissionSource = 'role' | 'membership' | 'grant';

/** One permission: a page or a feature, with its sub-permissions (`subMenus`), at most 3 levels under a group. */
export interface PermissionNode {
  permId: number;
  permName: string;
  subMenus: PermissionNode[];
}

/** A group of permissions (spec 3: `groupName`); a membership version grants whole groups. */
export interface PermissionGroupNode {
  groupCode: string;
  groupName: string;
  menus: PermissionNode[];
}

/** One user's view of a permission: whether it is effective, why, and whether a grant edit can remove it. */
export interface UserPermissionNode {
  permId: number;
  permName: string;
  checked: boolean;
  source: PermissionSource | null;
  locked: boolean;
  subMenus: UserPermissionNode[];
}

export interface UserPermissionGroupNode {
  groupCode: string;
  groupName: string;
  checked: boolean;
  menus: UserPermissionNode[];
}

/** The back office's permission tree of one user (spec 3: the viewer takes uid, phone and permlist). */
export interface UserPermissionTree {
  uid: string;
  phone: string;
  /** The user's effective permission ids, ascending (what `menus` of their user info holds). */
  permlist: number[];
  groups: UserPermissionGroupNode[];
}

/** Groups, three levels of permissions under them: spec 3's "nested up to 4 levels". */
export const PERMISSION_TREE_MAX_DEPTH = 4;

/** Never unchecked by a tree edit (spec 3); every role holds it by default. */
export const ALWAYS_ON_PERMISSION_ID: number = Permission.locked;

export type CheckState = 'checked' | 'half' | 'unchecked';

/** Anything with permission children: a group (`menus`) or a permission (`subMenus`). */
export type TreeNode = PermissionGroupNode | PermissionNode;

/** A group is addressed by its code, a permission by its id. */
export type TreeKey = string | number;

function childrenOf(node: TreeNode): readonly PermissionNode[] {
  return 'menus' in node ? node.menus : node.subMenus;
}

function keyOf(node: TreeNode): TreeKey {
  return 'menus' in node ? node.groupCode : node.permId;
}

/** Every permission id in and under `node` (a permission includes itself). */
export function permissionIdsUnder(node: TreeNode): number[] {
  const ids: number[] = 'permId' in node ? [node.permId] : [];
  for (const child of childrenOf(node)) ids.push(...permissionIdsUnder(child));
  return ids;
}

/**
 * Spec 3: a parent counts as checked when its children all are, and as partly checked when only some
 * are. A leaf is checked when its id is. A parent none of whose children is checked shows `half` when
 * its own id is held (its page without the sub-pages), else unchecked; a group has no id of its own.
 */
export function treeCheckState(node: TreeNode, checkedIds: ReadonlySet<number>): CheckState {
  const children = childrenOf(node);
  const own = 'permId' in node && checkedIds.has(node.permId);
  if (children.length === 0) return own ? 'checked' : 'unchecked';
  const states = children.map((child) => treeCheckState(child, checkedIds));
  if (states.every((state) => state === 'checked')) return 'checked';
  if (states.some((state) => state !== 'unchecked')) return 'half';
  return own ? 'half' : 'unchecked';
}

/** The path from a group down to the node with `key` (both included), or undefined. */
function pathTo(tree: readonly PermissionGroupNode[], key: TreeKey): TreeNode[] | undefined {
  const search = (node: TreeNode, trail: TreeNode[]): TreeNode[] | undefined => {
    const here = [...trail, node];
    if (keyOf(node) === key) return here;
    for (const child of childrenOf(node)) {
      const found = search(child, here);
      if (found) return found;
    }
    return undefined;
  };
  for (const group of tree) {
    const found = search(group, []);
    if (found) return found;
  }
  return undefined;
}

/**
 * The checked ids after the person clicks the box of `key` (a group code or a permission id) to
 * `checked`. Checking checks the node and everything under it, and its ancestors (a parent is held
 * whenever a child is). Unchecking unchecks the node and everything under it except locked ids and
 * 276 (whose parents stay held), then unchecks each ancestor that no longer holds a checked
 * descendant (unless it is locked).
 * Ids not in the tree are kept as they are.
 */
export function toggle(
  tree: readonly PermissionGroupNode[],
  checkedIds: Iterable<number>,
  key: TreeKey,
  checked: boolean,
  lockedIds: Iterable<number> = [],
): Set<number> {
  const next = new Set(checkedIds);
  const path = pathTo(tree, key);
  if (!path) return next;
  const locked = new Set(lockedIds);
  locked.add(ALWAYS_ON_PERMISSION_ID);
  const target = path[path.length - 1]!;
  const ancestors = path.slice(0, -1);
  if (checked) {
    for (const id of permissionIdsUnder(target)) next.add(id);
    for (const ancestor of ancestors) if ('permId' in ancestor) next.add(ancestor.permId);
    return next;
  }
  const under = permissionIdsUnder(target);
  for (const id of under) if (!locked.has(id)) next.delete(id);
  // A locked id that stays keeps its parents held.
  for (const id of under) if (next.has(id)) for (const node of pathTo(tree, id) ?? []) if ('permId' in node) next.add(node.permId);
  for (const ancestor of [...ancestors].reverse()) {
    if (!('permId' in ancestor) || locked.has(ancestor.permId)) continue;
    const holdsChild = ancestor.subMenus.some((child) => permissionIdsUnder(child).some((id) => next.has(id)));
    if (!holdsChild) next.delete(ancestor.permId);
  }
  return next;
}

/** `ids` with the ancestors of each (a parent is held whenever a child is); what the server stores. */
export function withAncestors(tree: readonly PermissionGroupNode[], ids: Iterable<number>): Set<number> {
  const result = new Set(ids);
  for (const id of [...result]) {
    for (const node of pathTo(tree, id) ?? []) if ('permId' in node) result.add(node.permId);
  }
  return result;
}

/** Every permission id of the tree, in tree order. */
export function allPermissionIds(tree: readonly PermissionGroupNode[]): number[] {
  return tree.flatMap(permissionIdsUnder);
}
