import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkShare } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /model/{uid}/share: the public link and an embed code (online works only). Silent: the dialog shows a failure itself. */
export function getWorkShare(uid: string): Promise<WorkShare> {
  return api.get('/model/{uid}/share', { params: { path: { uid } }, silent: true });
}

export function workShareQueryOptions(uid: string) {
  return queryOptions({ queryKey: queryKeys.works.share(uid), queryFn: () => getWorkShare(uid), retry: false, meta: { session: true } });
}

export function useWorkShare(uid: string | null) {
  return useQuery({ ...workShareQueryOptions(uid ?? ''), enabled: uid !== null });
}
