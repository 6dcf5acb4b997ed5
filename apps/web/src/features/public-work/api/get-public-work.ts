import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Tour, WorkDetail } from '@spatia/contract';
import { ApiError, request } from '../../../api/client';

/** Query keys of the public work page; per session: the owner sees their offline work, others do not. */
export const publicWorkKeys = {
  all: ['publicWork'] as const,
  work: (uid: string) => [...publicWorkKeys.all, 'work', uid] as const,
  tour: (uid: string) => [...publicWorkKeys.all, 'tour', uid] as const,
};

/** GET /model/{uid}: 404 for a work that is offline (to everyone but its owner) or gone. Silent: the page says it. */
export function getPublicWork(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `/model/${encodeURIComponent(uid)}`, silent: true });
}

/** GET /model/{uid}/tour: the tour a viewer shows; 409 with code 1903 until the work has been processed. */
export function getPublicTour(uid: string): Promise<Tour> {
  return request<Tour>({ url: `/model/${encodeURIComponent(uid)}/tour`, silent: true });
}

/** Answers that will not change on a retry (not found, not processed): asking again only delays the notice. */
function retryUnlessAnswered(failures: number, error: Error): boolean {
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) return false;
  return failures < 1;
}

export function publicWorkQueryOptions(uid: string) {
  return queryOptions({
    queryKey: publicWorkKeys.work(uid),
    queryFn: () => getPublicWork(uid),
    retry: retryUnlessAnswered,
    meta: { session: true },
  });
}

export function publicTourQueryOptions(uid: string) {
  return queryOptions({
    queryKey: publicWorkKeys.tour(uid),
    queryFn: () => getPublicTour(uid),
    retry: retryUnlessAnswered,
    // A tour only changes when its author saves it; a viewer rebuilt on every refetch would lose the view.
    staleTime: Infinity,
    meta: { session: true },
  });
}

export function usePublicWork(uid: string) {
  return useQuery(publicWorkQueryOptions(uid));
}

export function usePublicTour(uid: string, enabled: boolean) {
  return useQuery({ ...publicTourQueryOptions(uid), enabled });
}

/** POST /model/{uid}/views: counts this open of the page (the server counts a visitor once an hour). */
export function countView(uid: string): Promise<{ views: number }> {
  return request<{ views: number }>({ url: `/model/${encodeURIComponent(uid)}/views`, method: 'POST', silent: true });
}

/** Counts one view per page open, once the work is known to be readable, and shows the new figure. */
export function useCountView(uid: string, readable: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!readable) return;
    countView(uid).then(
      ({ views }) => queryClient.setQueryData<WorkDetail>(publicWorkKeys.work(uid), (work) => (work ? { ...work, views } : work)),
      () => undefined, // a view that was not counted changes nothing the visitor needs to know
    );
  }, [uid, readable, queryClient]);
}
