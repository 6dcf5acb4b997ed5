import {
  ALWAYS_ON_PERMISSION_ID,
  PERMISSION_TREE_MAX_DEPTH,
  withAncestors,
  type Language,
  type PermissionGroupNode,
  type PermissionSource,
  type UserPermissionGroupNode,
  type UserPermissionNode,
  type UserPermissionTree,
} from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import type { PermissionSources, UsersService } from '../users/index.js';
import type { AccessRepository, CatalogueGroupRow, CataloguePermissionRow } from './access.repository.js';

interface Catalogue {
  groups: CatalogueGroupRow[];
  permissions: CataloguePermissionRow[];
}

/** The catalogue changes only with a migration: every process may keep it a minute. */
const CATALOGUE_TTL_SECONDS = 60;
const CATALOGUE_KEY = 'permission-catalogue';

/**
 * The access model's back-office side (docs/access.md): the permission catalogue as a tree, one
 * user's tree with where each permission comes from, and editing what an admin grants.
 */
export class AccessService {
  constructor(
    private readonly repository: AccessRepository,
    private readonly users: UsersService,
    private readonly cache: Cache,
  ) {}

  /** The bare catalogue in a language: groups, their permissions and sub-permissions. */
  async catalogueTree(language: Language): Promise<PermissionGroupNode[]> {
    const catalogue = await this.loadCatalogue();
    return buildTree(catalogue, language, (permission, subMenus) => ({
      permId: permission.permId,
      permName: nameOf(permission, language),
      subMenus,
    }));
  }

  /** One user's tree: what is effective (`checked`), from which source, and what a grant edit cannot remove (`locked`). */
  async userTree(uid: string, language: Language): Promise<UserPermissionTree> {
    const userId = await this.users.findIdByUid(uid);
    const user = userId === undefined ? undefined : await this.users.getAuthUser(userId);
    if (userId === undefined || !user) throw fail('notFound');
    const [catalogue, sources] = await Promise.all([this.loadCatalogue(), this.users.getPermissionSources(userId)]);
    const sourceOf = sourceMap(sources);
    const groups = buildTree(catalogue, language, (permission, subMenus: UserPermissionNode[]): UserPermissionNode => {
      const source = sourceOf.get(permission.permId) ?? null;
      return {
        permId: permission.permId,
        permName: nameOf(permission, language),
        checked: source !== null,
        source,
        locked: permission.permId === ALWAYS_ON_PERMISSION_ID || source === 'role' || source === 'membership',
        subMenus,
      };
    }).map((group): UserPermissionGroupNode => ({
      ...group,
      checked: group.menus.some(function held(node: UserPermissionNode): boolean {
        return node.checked || node.subMenus.some(held);
      }),
    }));
    return { uid: user.uid, phone: user.phone, permlist: [...sourceOf.keys()].sort((a, b) => a - b), groups };
  }

  /**
   * The tree's save: the user's effective permissions become `permIds` (with their parents) as far as
   * grants can make them so. What roles and the membership give stays whatever the request says;
   * 276 always stays effective (a grant keeps it for a user whose roles lack it). Unknown ids: code 1112.
   */
  async setUserPermissions(adminId: number, uid: string, permIds: readonly number[], language: Language): Promise<UserPermissionTree> {
    const userId = await this.users.findIdByUid(uid);
    if (userId === undefined) throw fail('notFound');
    await this.users.assertKnownPermissions(permIds);
    const tree = await this.catalogueTree('en');
    const wanted = withAncestors(tree, [...permIds, ALWAYS_ON_PERMISSION_ID]);
    const sources = await this.users.getPermissionSources(userId);
    const given = new Set([...sources.role, ...sources.membership]);
    const grants = [...wanted].filter((id) => !given.has(id));
    await this.users.setGrants(adminId, userId, grants);
    return this.userTree(uid, language);
  }

  private async loadCatalogue(): Promise<Catalogue> {
    const cached = await this.cache.get<Catalogue>(CATALOGUE_KEY);
    if (cached) return cached;
    const catalogue = await this.repository.findCatalogue();
    await this.cache.set(CATALOGUE_KEY, catalogue, CATALOGUE_TTL_SECONDS);
    return catalogue;
  }
}

function nameOf(row: { nameZh: string; nameEn: string }, language: Language): string {
  return language === 'en' ? row.nameEn : row.nameZh;
}

/** Role first, then membership, then grant: the first source that gives an id is the one shown. */
function sourceMap(sources: PermissionSources): Map<number, PermissionSource> {
  const map = new Map<number, PermissionSource>();
  for (const source of ['role', 'membership', 'grant'] as const) {
    for (const id of sources[source]) if (!map.has(id)) map.set(id, source);
  }
  return map;
}

/**
 * Groups with their permissions nested by `parentPermId`, at most four levels with the group (spec 3;
 * access.api.test.ts checks the seed keeps to it). A permission whose parent is missing shows at its
 * group's top level.
 */
function buildTree<N extends { subMenus: N[] }>(
  catalogue: Catalogue,
  language: Language,
  makeNode: (permission: CataloguePermissionRow, subMenus: N[]) => N,
): { groupCode: string; groupName: string; menus: N[] }[] {
  const childrenOf = new Map<number | null, CataloguePermissionRow[]>();
  const known = new Set(catalogue.permissions.map((permission) => permission.permId));
  for (const permission of catalogue.permissions) {
    const parent = permission.parentPermId !== null && known.has(permission.parentPermId) ? permission.parentPermId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), permission]);
  }
  const build = (permission: CataloguePermissionRow, depth: number): N => {
    const children = depth < PERMISSION_TREE_MAX_DEPTH ? (childrenOf.get(permission.permId) ?? []) : [];
    return makeNode(
      permission,
      children.map((child) => build(child, depth + 1)),
    );
  };
  return catalogue.groups.map((group) => ({
    groupCode: group.code,
    groupName: nameOf(group, language),
    menus: (childrenOf.get(null) ?? [])
      .filter((permission) => permission.groupCode === group.code)
      .map((permission) => build(permission, 2)),
  }));
}
