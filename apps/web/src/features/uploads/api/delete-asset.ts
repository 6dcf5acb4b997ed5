import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkDetail } from '@spatia/contract';
import { request } from '../../../api/client';
import { workQueryKey } from '../../../api/get-work';
import { invalidateWorks } from '../../../api/work-keys';

/** DELETE /model/{uid}/assets/{assetId}: the work without that file. */
export function deleteAsset(uid: string, assetId: number): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `/model/${encodeURIComponent(uid)}/assets/${assetId}`, method: 'DELETE' });
}

export function useDeleteAsset(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetId: number) => deleteAsset(uid, assetId),
    onSuccess: (detail) => {
      queryClient.setQueryData(workQueryKey(uid), detail);
      return invalidateWorks(queryClient);
    },
  });
}
