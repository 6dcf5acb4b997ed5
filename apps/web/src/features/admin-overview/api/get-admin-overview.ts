import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function getAdminOverview(days: number): Promise<AdminOverview> {
  return api.get('/admin/overview', { params: { query: { days } } });
}

/** Refreshed every minute while open: the pending counts are what an operator watches. */
export function useAdminOverview(days: number) {
  return useQuery({
    queryKey: queryKeys.admin.overviewOf(days),
    queryFn: () => getAdminOverview(days),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
