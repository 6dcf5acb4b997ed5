import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUserPage, RoleCode, UserStatus } from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import { detailQueryOptions } from '../../../lib/session-queries';
import { queryKeys } from '../../../api/query-keys';

export interface AdminUserSearch extends PageParams {
  /** Phone prefix, name prefix or invite code; '' lists everyone, newest first. */
  q: string;
  role?: RoleCode;
  status?: UserStatus;
}

/** GET /admin/users: a page of matches (the total stops at 1,000: `totalCapped`). */
export function getAdminUsers({ q, role, status, pageNum, pageSize }: AdminUserSearch): Promise<AdminUserPage> {
  return api.get('/admin/users', { params: { query: { q: q || undefined, role, status, pageNum, pageSize } } });
}

export function adminUsersQueryOptions(search: AdminUserSearch) {
  return pageQueryOptions([...queryKeys.admin.users(), 'list'], getAdminUsers, search);
}

export function useAdminUsers(search: AdminUserSearch) {
  return useQuery(adminUsersQueryOptions(search));
}

/** GET /admin/users/{uid}: the user's facts, roles, effective permissions, membership, sessions and works. */
export function getAdminUser(uid: string): Promise<AdminUserDetail> {
  return api.get('/admin/users/{uid}', { params: { path: { uid } } });
}

export function adminUserQueryOptions(uid: string) {
  return detailQueryOptions([...queryKeys.admin.users(), 'detail'], getAdminUser, uid);
}

export function useAdminUser(uid: string) {
  return useQuery(adminUserQueryOptions(uid));
}
