import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkDetail } from '@spatia/contract';
import { api } from '../../../api/client';
import { workQueryOptions } from '../../../api/get-work';
import { invalidateWorks } from '../../../api/work-keys';

/** DELETE /model/{uid}/assets/{assetId}: the work without that file. */
export function deleteAsset(uid: string, assetId: number): Promise<WorkDetail> {
  return api.delete('/model/{uid}/assets/{assetId}', { params: { path: { uid, assetId } } });
}

export function useDeleteAsset(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetId: number) => deleteAsset(uid, assetId),
    onSuccess: (detail) => {
      queryClient.setQueryData(workQueryOptions(uid).queryKey, detail);
      return invalidateWorks(queryClient);
    },
  });
}
