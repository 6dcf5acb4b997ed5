import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkDetail } from '@spatia/contract';
import { i18n } from '../i18n';
import { api } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /model/{uid}: everything the edit drawer, the upload panel and the public work page show. The
 * public page asks silently (it says itself that a work is offline or gone).
 */
export function getWork(uid: string, { silent = false }: { silent?: boolean } = {}): Promise<WorkDetail> {
  return api.get('/model/{uid}', { params: { path: { uid } }, silent });
}

/** Under `queryKeys.works`, so that invalidating works after any change refreshes it with the lists. */
export function workQueryOptions(uid: string, language = i18n.language) {
  return queryOptions({
    queryKey: queryKeys.works.detailIn(uid, language),
    queryFn: () => getWork(uid),
    meta: { session: true },
  });
}

export function useWork(uid: string | null) {
  return useQuery({ ...workQueryOptions(uid ?? ''), enabled: Boolean(uid) });
}
