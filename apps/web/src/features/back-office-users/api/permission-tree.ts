import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserPermissionTree } from '@spatia/contract';
import { request } from '../../../api/client';
import { detailQueryOptions } from '../../../lib/session-queries';

const PERMISSIONS_QUERY_KEY = ['admin', 'permissions'] as const;

/** GET /admin/permissions/tree?uid=: the catalogue with the user's effective permissions, their sources and locks. */
export function getPermissionTree(uid: string): Promise<UserPermissionTree> {
  return request<UserPermissionTree>({ url: '/admin/permissions/tree', params: { uid } });
}

export function permissionTreeQueryOptions(uid: string) {
  return detailQueryOptions([...PERMISSIONS_QUERY_KEY, 'tree'], getPermissionTree, uid);
}

export function usePermissionTree(uid: string) {
  return useQuery(permissionTreeQueryOptions(uid));
}

/** PUT /admin/users/{uid}/permissions: the ids the user should hold; answers the tree as saved. */
export function savePermissions(uid: string, permIds: readonly number[]): Promise<UserPermissionTree> {
  return request<UserPermissionTree>({ url: `/admin/users/${encodeURIComponent(uid)}/permissions`, method: 'PUT', data: { permIds } });
}

export function useSavePermissions(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permIds: readonly number[]) => savePermissions(uid, permIds),
    onSuccess: (tree) => queryClient.setQueryData(permissionTreeQueryOptions(uid).queryKey, tree),
    // The user's detail (effective menus) and the admin log change with it.
    onSettled: () =>
      Promise.all(
        [
          ['admin', 'users'],
          ['admin', 'log'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
