import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, WorkDetail, WorkSummary } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { invalidateWorks } from '../../../api/work-keys';

/** GET /model/recycleBin: my deleted works, removed for good 30 days after deletion. */
export function getRecycleBin(pageNum: number, pageSize: number): Promise<Page<WorkSummary>> {
  return api.get('/model/recycleBin', { params: { query: { pageNum, pageSize } } });
}

export function recycleBinQueryOptions(pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: [...queryKeys.works.recycleBin(), pageNum, pageSize] as const,
    queryFn: () => getRecycleBin(pageNum, pageSize),
    placeholderData: keepPreviousData,
    meta: { session: true },
  });
}

export function useRecycleBin(pageNum: number, pageSize: number, enabled = true) {
  return useQuery({ ...recycleBinQueryOptions(pageNum, pageSize), enabled });
}

/** POST /model/{uid}/restore: back from the recycle bin (as an unpublished work). */
export function restoreWork(uid: string): Promise<WorkDetail> {
  return api.post('/model/{uid}/restore', { params: { path: { uid } } });
}

/** Several at once, as the undo after a batch delete needs. */
export function restoreWorks(uids: readonly string[]): Promise<WorkDetail[]> {
  return Promise.all(uids.map(restoreWork));
}

/** DELETE /model/{uid}/purge: gone for good, files included. */
export async function purgeWork(uid: string): Promise<void> {
  await api.delete('/model/{uid}/purge', { params: { path: { uid } } });
}

export function useRestoreWorks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreWorks, onSettled: () => invalidateWorks(queryClient) });
}

export function usePurgeWork() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: purgeWork, onSettled: () => invalidateWorks(queryClient) });
}
