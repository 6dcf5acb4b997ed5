import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserPermissionTree } from '@spatia/contract';
import { api } from '../../../api/client';
import { detailQueryOptions } from '../../../lib/session-queries';
import { queryKeys } from '../../../api/query-keys';

/** GET /admin/permissions/tree?uid=: the catalogue with the user's effective permissions, their sources and locks. */
export function getPermissionTree(uid: string): Promise<UserPermissionTree> {
  return api.get('/admin/permissions/tree', { params: { query: { uid } } });
}

export function permissionTreeQueryOptions(uid: string) {
  return detailQueryOptions([...queryKeys.admin.permissions(), 'tree'], getPermissionTree, uid);
}

export function usePermissionTree(uid: string) {
  return useQuery(permissionTreeQueryOptions(uid));
}

/** PUT /admin/users/{uid}/permissions: the ids the user should hold; answers the tree as saved. */
export function savePermissions(uid: string, permIds: readonly number[]): Promise<UserPermissionTree> {
  return api.put('/admin/users/{uid}/permissions', { params: { path: { uid } }, body: { permIds: [...permIds] } });
}

export function useSavePermissions(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permIds: readonly number[]) => savePermissions(uid, permIds),
    onSuccess: (tree) => queryClient.setQueryData(permissionTreeQueryOptions(uid).queryKey, tree),
    // The user's detail (effective menus) and the admin log change with it.
    onSettled: () =>
      Promise.all([queryKeys.admin.users(), queryKeys.admin.log()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
