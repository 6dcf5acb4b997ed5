import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, RoleCode, SignOutEverywhereResult } from '@spatia/contract';
import { request } from '../../../api/client';
import { ADMIN_USERS_QUERY_KEY } from './get-admin-users';

/**
 * What an admin can change about a user. Each answers the user as they are now (sign-out everywhere:
 * how many sessions ended); every change also lands in the admin log.
 */
export type AdminUserChange =
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'roles'; roles: RoleCode[] }
  | { kind: 'enterprise'; enterprise: boolean }
  | { kind: 'signOutEverywhere' };

/** Keys of other features a change makes stale (the admin log, the permission tree). Named, not imported. */
const AFFECTED_QUERY_KEYS = [
  ['admin', 'log'],
  ['admin', 'permissions'],
] as const;

/** POST /admin/users/{uid}/disable | enable | signOutEverywhere, PUT /admin/users/{uid}/roles | enterprise. */
export function changeAdminUser(uid: string, change: AdminUserChange): Promise<AdminUserDetail | SignOutEverywhereResult> {
  const base = `/admin/users/${encodeURIComponent(uid)}`;
  switch (change.kind) {
    case 'disable':
    case 'enable':
    case 'signOutEverywhere':
      return request({ url: `${base}/${change.kind}`, method: 'POST' });
    case 'roles':
      return request({ url: `${base}/roles`, method: 'PUT', data: { roles: change.roles } });
    case 'enterprise':
      return request({ url: `${base}/enterprise`, method: 'PUT', data: { enterprise: change.enterprise } });
  }
}

export function useChangeAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, change }: { uid: string; change: AdminUserChange }) => changeAdminUser(uid, change),
    // Also after a failure: "already disabled" (2303) means the page is stale.
    onSettled: () =>
      Promise.all([ADMIN_USERS_QUERY_KEY, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
