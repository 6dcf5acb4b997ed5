import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, WorkStatus, WorkSummary, WorkType } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../lib/page-params';

export interface WorkListParams extends PageParams {
  keyword?: string;
  status?: WorkStatus;
  type?: WorkType;
  tag?: string;
}

/** GET /fe/client/{uid}/models: all of the owner's works (others see only the online ones). */
export function getWorks(ownerUid: string, params: WorkListParams): Promise<Page<WorkSummary>> {
  const keyword = params.keyword?.trim();
  return api.get('/fe/client/{id}/models', {
    params: {
      path: { id: ownerUid },
      query: {
        pageNum: params.pageNum,
        pageSize: params.pageSize,
        keyword: keyword || undefined,
        status: params.status,
        type: params.type,
        tag: params.tag || undefined,
      },
    },
  });
}

export function worksQueryOptions(ownerUid: string, params: WorkListParams) {
  return queryOptions({
    queryKey: [...queryKeys.works.lists(), ownerUid, params] as const,
    queryFn: () => getWorks(ownerUid, params),
    enabled: ownerUid !== '',
    // The page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    meta: { session: true },
  });
}

export function useWorks(ownerUid: string, params: WorkListParams) {
  return useQuery(worksQueryOptions(ownerUid, params));
}
