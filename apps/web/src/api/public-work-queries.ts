import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Tour } from '@spatia/contract';
import { ApiError, api } from './client';
import { getWork } from './get-work';
import { queryKeys } from './query-keys';

// A work's public page's queries of the work and its tour (features/public-work), here because the entry
// also starts them for a tour's page opened from a link (app/server-first-view.tsx), with nothing else of the page.

/** GET /model/{uid}/tour: the tour a viewer shows; 409 with code 1903 until the work has been processed. */
export function getPublicTour(uid: string): Promise<Tour> {
  return api.get('/model/{id}/tour', { params: { path: { id: uid } }, silent: true });
}

/** Answers that will not change on a retry (not found, not processed): asking again only delays the notice. */
function retryUnlessAnswered(failures: number, error: Error): boolean {
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) return false;
  return failures < 1;
}

/** What every query of the page shares: dropped at sign-out (the owner's view differs), no retry once answered. */
export function publicPageQuery<Key extends QueryKey, Result>(queryKey: Key, queryFn: () => Promise<Result>) {
  return { queryKey, queryFn, retry: retryUnlessAnswered, meta: { session: true } };
}

export function publicWorkQueryOptions(uid: string, language: string) {
  return queryOptions({
    ...publicPageQuery(queryKeys.works.detailIn(uid, language), () => getWork(uid, { silent: true })),
    // Fresh for a while: the page mounting just after the entry's prefetch (server-first-view-prefetch.ts) would
    // otherwise ask again at once. Changes the owner makes invalidate the key, which refetches regardless.
    staleTime: 30_000,
    // Switching the language refetches the work without taking the viewer down meanwhile (same work only).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === uid ? previous : undefined),
  });
}

export function publicTourQueryOptions(uid: string) {
  return queryOptions({
    ...publicPageQuery(queryKeys.publicWork.tour(uid), () => getPublicTour(uid)),
    // A tour only changes when its author saves it; a viewer rebuilt on every refetch would lose the view.
    staleTime: Infinity,
  });
}
