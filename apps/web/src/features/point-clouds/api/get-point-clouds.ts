import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PointCloudPage } from '@spatia/contract';
import { api } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import { pointCloudPollInterval } from '../lib/point-cloud-rows';
import { queryKeys } from '../../../api/query-keys';

export interface PointCloudListParams extends PageParams {
  keyword: string;
}

/**
 * GET /pointClouds (permission 460): the signed-in person's point-cloud works with their processing.
 * Flagged `point_cloud`, so it goes to the point-cloud service the site config names (this server by default).
 */
export function getPointClouds(params: PointCloudListParams): Promise<PointCloudPage> {
  const keyword = params.keyword.trim();
  return api.get('/pointClouds', {
    params: { query: { pageNum: params.pageNum, pageSize: params.pageSize, keyword: keyword || undefined } },
    point_cloud: true,
  });
}

export function pointCloudsQueryOptions(params: PointCloudListParams) {
  return queryOptions({
    queryKey: queryKeys.pointClouds(params),
    queryFn: () => getPointClouds(params),
    placeholderData: keepPreviousData,
    // Asked again every second while a cloud on the page waits or converts.
    refetchInterval: (query) => pointCloudPollInterval(query.state.data),
    meta: { session: true },
  });
}

export function usePointClouds(params: PointCloudListParams) {
  return useQuery(pointCloudsQueryOptions(params));
}
