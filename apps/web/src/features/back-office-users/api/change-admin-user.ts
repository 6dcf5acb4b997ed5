import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, RoleCode, SignOutEverywhereResult } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

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

/** What a change makes stale besides the users: the admin log, the permission tree. */
const AFFECTED_QUERY_KEYS = [queryKeys.admin.log(), queryKeys.admin.permissions()];

/** POST /admin/users/{uid}/disable | enable | signOutEverywhere, PUT /admin/users/{uid}/roles | enterprise. */
export function changeAdminUser(uid: string, change: AdminUserChange): Promise<AdminUserDetail | SignOutEverywhereResult> {
  const params = { path: { uid } };
  switch (change.kind) {
    case 'disable':
      return api.post('/admin/users/{uid}/disable', { params });
    case 'enable':
      return api.post('/admin/users/{uid}/enable', { params });
    case 'signOutEverywhere':
      return api.post('/admin/users/{uid}/signOutEverywhere', { params });
    case 'roles':
      return api.put('/admin/users/{uid}/roles', { params, body: { roles: change.roles } });
    case 'enterprise':
      return api.put('/admin/users/{uid}/enterprise', { params, body: { enterprise: change.enterprise } });
  }
}

export function useChangeAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, change }: { uid: string; change: AdminUserChange }) => changeAdminUser(uid, change),
    // Also after a failure: "already disabled" (2303) means the page is stale.
    onSettled: () =>
      Promise.all([queryKeys.admin.users(), ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
