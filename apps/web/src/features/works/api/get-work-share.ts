import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkShare } from '@spatia/contract';
import { request } from '../../../api/client';
import { workKeys } from '../../../api/work-keys';

/** GET /model/{uid}/share: the public link and an embed code (online works only). Silent: the dialog shows a failure itself. */
export function getWorkShare(uid: string): Promise<WorkShare> {
  return request<WorkShare>({ url: `/model/${encodeURIComponent(uid)}/share`, silent: true });
}

export function workShareQueryOptions(uid: string) {
  return queryOptions({ queryKey: workKeys.share(uid), queryFn: () => getWorkShare(uid), retry: false, meta: { session: true } });
}

export function useWorkShare(uid: string | null) {
  return useQuery({ ...workShareQueryOptions(uid ?? ''), enabled: uid !== null });
}
