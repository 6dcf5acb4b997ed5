import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type WorkProcessing, ProcessingErrors } from '@spatia/contract';
import { ApiError, api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { processingFinished, processingPollInterval } from '../lib/processing-display';

/**
 * GET /model/{uid}/processing. Silent: it is asked every second while a run goes on, and a hiccup
 * must not become a toast a second; the indicator keeps the last answer.
 */
export function getProcessing(uid: string, signal?: AbortSignal): Promise<WorkProcessing> {
  return api.get('/model/{id}/processing', { params: { path: { id: uid } }, signal, silent: true });
}

/** POST /model/{uid}/activateSolver: queues a run of any work type (1901 while one is queued or running). */
export function activateSolver(uid: string): Promise<WorkProcessing> {
  return api.post('/model/{id}/activateSolver', { params: { path: { id: uid } } });
}

/** Where a work's processing stands, asked again every second only while it is queued or running. */
export function processingQueryOptions(uid: string) {
  const queryKey = queryKeys.works.processing(uid);
  return queryOptions({
    queryKey,
    queryFn: async ({ client, signal }) => {
      const previous = client.getQueryData<WorkProcessing>(queryKey)?.state;
      const next = await getProcessing(uid, signal);
      // A finished run may have made the cover: the lists and the open work show it.
      if (processingFinished(previous, next.state)) {
        void client.invalidateQueries({ queryKey: queryKeys.works.lists() });
        void client.invalidateQueries({ queryKey: queryKeys.works.detail(uid) });
      }
      return next;
    },
    refetchInterval: (query) => processingPollInterval(query.state.data),
    // A poll that failed once is asked again at the next tick anyway.
    retry: false,
    meta: { session: true },
  });
}

/** `uid` null: nothing to ask (yet). */
export function useWorkProcessing(uid: string | null) {
  return useQuery({ ...processingQueryOptions(uid ?? ''), enabled: uid !== null });
}

/**
 * Starts a run and shows it at once; a refusal because one runs already (1901) or because the original
 * file is gone (1910) refreshes the state instead, which then says why.
 */
export function useActivateSolver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateSolver,
    onSuccess: (processing, uid) => queryClient.setQueryData(queryKeys.works.processing(uid), processing),
    onError: (error, uid) => {
      if (
        error instanceof ApiError &&
        (error.code === ProcessingErrors.processingRunning.code || error.code === ProcessingErrors.processingNoOrigin.code)
      ) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.works.processing(uid) });
      }
    },
  });
}
