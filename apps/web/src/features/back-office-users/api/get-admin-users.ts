import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUserPage, RoleCode, UserStatus } from '@spatia/contract';
import { request } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import { detailQueryOptions } from '../../../lib/session-queries';

export interface AdminUserSearch extends PageParams {
  /** Phone prefix, name prefix or invite code; '' lists everyone, newest first. */
  q: string;
  role?: RoleCode;
  status?: UserStatus;
}

/** Every query of this feature starts with this key: one invalidation refreshes lists and details. */
export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

/** GET /admin/users: a page of matches (the total stops at 1,000: `totalCapped`). */
export function getAdminUsers({ q, role, status, pageNum, pageSize }: AdminUserSearch): Promise<AdminUserPage> {
  return request<AdminUserPage>({ url: '/admin/users', params: { q: q || undefined, role, status, pageNum, pageSize } });
}

export function adminUsersQueryOptions(search: AdminUserSearch) {
  return pageQueryOptions([...ADMIN_USERS_QUERY_KEY, 'list'], getAdminUsers, search);
}

export function useAdminUsers(search: AdminUserSearch) {
  return useQuery(adminUsersQueryOptions(search));
}

/** GET /admin/users/{uid}: the user's facts, roles, effective permissions, membership, sessions and works. */
export function getAdminUser(uid: string): Promise<AdminUserDetail> {
  return request<AdminUserDetail>({ url: `/admin/users/${encodeURIComponent(uid)}` });
}

export function adminUserQueryOptions(uid: string) {
  return detailQueryOptions([...ADMIN_USERS_QUERY_KEY, 'detail'], getAdminUser, uid);
}

export function useAdminUser(uid: string) {
  return useQuery(adminUserQueryOptions(uid));
}
