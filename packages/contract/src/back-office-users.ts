import type { AdminActionCode, AdminLogActor } from './admin-actions.js';
import type { Page } from './api.js';
import type { MembershipItem } from './membership.js';
import type { RoleCode } from './permissions.js';
import { defineErrors } from './errors.js';
import backOfficeUserErrors from './back-office-users.errors.json' with { type: 'json' };

/** The back office's user pages and admin log browser (docs/back-office.md). */

/** A user is active, or disabled by an admin (no sign-in, every session ended). */
export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_SEARCH_QUERY_MAX = 50;
export const USER_SEARCH_PAGE_SIZE_MAX = 100;
/**
 * A search pages through its first this many matches (a narrower search finds the others), and counts
 * them only up to the end of the page USER_SEARCH_COUNT_AHEAD_PAGES further on: on a million users an
 * exact count of a short prefix would cost more than the page. `totalCapped` says there are more.
 */
export const USER_SEARCH_TOTAL_CAP = 1000;
export const USER_SEARCH_COUNT_AHEAD_PAGES = 10;

/** One row of the back office's user list. */
export interface AdminUserSummary {
  uid: string;
  phone: string;
  name: string;
  avatarUrl: string;
  roles: string[];
  businessRoleCode: string;
  enterprise: boolean;
  disabled: boolean;
  createdAt: number;
  inviteCode: string;
}

export interface AdminUserPage extends Page<AdminUserSummary> {
  /** True when more users match than `total` (the count stopped there: see USER_SEARCH_COUNT_AHEAD_PAGES). */
  totalCapped: boolean;
}

/** One user as the back office's detail page shows them. */
export interface AdminUserDetail extends AdminUserSummary {
  /** The effective permission ids (what the user's own user info holds). */
  menus: number[];
  /** The latest membership, whatever its status (active, expired, revoked); null when never had one. */
  membership: MembershipItem | null;
  /** Sessions signed in now (not revoked, not expired). */
  sessions: number;
  /** Works the user owns (recycle bin aside), by status, and their sum. */
  works: { total: number; byStatus: Record<string, number> };
  disabledAt: number | null;
}

/** Roles an admin may give (spec 6). */
export interface AdminUserRolesBody {
  roles: RoleCode[];
}

export interface SignOutEverywhereResult {
  /** How many sessions were ended. */
  ended: number;
}

export const ADMIN_LOG_PAGE_SIZE_MAX = 100;

/** One entry of the append-only admin log, as the log browser shows it. */
export interface AdminLogEntry {
  id: number;
  createdAt: number;
  action: AdminActionCode;
  /** An administrator, or the platform itself. */
  actor: AdminLogActor;
  /** The administrator who acted; null for the system, and once that admin's account was deleted. */
  admin: { uid: string; name: string } | null;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

export type AdminLogPage = Page<AdminLogEntry>;

/** The back office's user pages (the back-office module): 230x. */
export const BackOfficeUserErrors = defineErrors(backOfficeUserErrors);
