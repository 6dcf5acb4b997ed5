import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkDetail, WorkProcessing } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { invalidateWorks } from '../../../api/work-keys';

/**
 * The works calls of the phone's upload page. Silent, unlike the console's (features/works): a refusal is shown on
 * the picture it belongs to, in the page's own antd-mobile words, and desktop antd's toast never loads on a phone page.
 */

/** POST /model: a new unpublished panorama work, named after the picture. */
export function createPanoramaWork(name: string): Promise<WorkDetail> {
  return api.post('/model', { body: { name, type: 'panorama', description: '' }, silent: true });
}

/** POST /model/{id}/activateSolver: queues the run that cuts the panorama into tiles. */
export function startProcessing(uid: string): Promise<WorkProcessing> {
  return api.post('/model/{id}/activateSolver', { params: { path: { id: uid } }, silent: true });
}

/** Starts the run and hands its state to the processing query (features/works' poll), which then asks every second. */
export function useStartProcessing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startProcessing,
    onSuccess: (processing, uid) => {
      queryClient.setQueryData(queryKeys.works.processing(uid), processing);
      void invalidateWorks(queryClient);
    },
  });
}
