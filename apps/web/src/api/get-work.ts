import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkDetail } from '@spatia/contract';
import { request } from './client';

/** GET /model/{uid}: everything the edit drawer and the upload panel show. */
export function getWork(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `/model/${encodeURIComponent(uid)}` });
}

/** Under `['works', ...]`, so that invalidating `['works']` after any change refreshes it with the lists. */
export function workQueryKey(uid: string) {
  return ['works', 'detail', uid] as const;
}

export function workQueryOptions(uid: string) {
  return queryOptions({
    queryKey: workQueryKey(uid),
    queryFn: () => getWork(uid),
    meta: { session: true },
  });
}

export function useWork(uid: string | null) {
  return useQuery({ ...workQueryOptions(uid ?? ''), enabled: Boolean(uid) });
}
