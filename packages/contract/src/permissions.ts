/** The spec's numeric permission ids (section 6). They are what `menus` holds for a user. */
export const Permission = {
  wallet: 35,
  income: 37,
  tujingxiu: 42,
  userInformation: 161,
  order: 162,
  team: 163,
  /** Never removable from a permission tree (spec 3). */
  locked: 276,
  pointCloudList: 460,
  explain: 962,
} as const;

export type PermissionId = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSION_IDS: readonly PermissionId[] = Object.values(Permission);

export const Role = {
  admin: 'admin',
  photographer: 'photographer',
  customer: 'customer',
  merchant: 'merchant',
} as const;

export type RoleCode = (typeof Role)[keyof typeof Role];

/** `businessRoleCode` of an enterprise account: it may show an enterprise logo (spec 6). Set by an admin. */
export const ENTERPRISE_BUSINESS_ROLE = 'enterprise';

export const ALL_ROLES: readonly RoleCode[] = Object.values(Role);

export function isRoleCode(value: string): value is RoleCode {
  return (ALL_ROLES as readonly string[]).includes(value);
}

/**
 * Whether an id is one of the spec's ids above. The permission catalogue in the database holds more
 * (sub-permissions, later features): the server checks grants against it (docs/access.md).
 */
export function isPermissionId(value: number): value is PermissionId {
  return (ALL_PERMISSION_IDS as readonly number[]).includes(value);
}

/** What the permission rules need to know about a user (the user-info answer has both). */
export interface AccessSubject {
  roles: readonly string[];
  menus: readonly number[];
}

/** Spec 6: admin passes every role and permission rule. */
export function isAdmin(user: Pick<AccessSubject, 'roles'>): boolean {
  return user.roles.includes(Role.admin);
}

export function hasRole(user: Pick<AccessSubject, 'roles'>, role: RoleCode): boolean {
  return isAdmin(user) || user.roles.includes(role);
}

export function hasPermission(user: AccessSubject, permissionId: number): boolean {
  return isAdmin(user) || user.menus.includes(permissionId);
}
