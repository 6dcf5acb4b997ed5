import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tour, TourUpdate } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /model/{uid}/tour: the processed scenes with their settings (1903 before the first processing). Silent: the editor says it. */
export function getTour(uid: string): Promise<Tour> {
  return api.get('/model/{id}/tour', { params: { path: { id: uid } }, silent: true });
}

/**
 * PUT /model/{uid}/tour: every scene's settings in gallery order with the revision they were read
 * at. 1902 when someone saved since, 1905 (with the server's words) when something is not allowed.
 * Silent: the editor puts each refusal where it can be acted on (a reload offer, the form).
 */
export function saveTour(uid: string, update: TourUpdate): Promise<Tour> {
  return api.put('/model/{id}/tour', { params: { path: { id: uid } }, body: update, silent: true });
}

export function tourQueryOptions(uid: string) {
  return queryOptions({
    queryKey: queryKeys.tours.tour(uid),
    queryFn: () => getTour(uid),
    // The editor reads the tour once and works on its own copy; a refetch would not change it.
    staleTime: Infinity,
    refetchOnMount: 'always',
    retry: false,
    meta: { session: true },
  });
}

export function useTour(uid: string) {
  return useQuery(tourQueryOptions(uid));
}

export function useSaveTour(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TourUpdate) => saveTour(uid, update),
    onSuccess: (tour) => queryClient.setQueryData(queryKeys.tours.tour(uid), tour),
  });
}
