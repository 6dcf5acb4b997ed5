import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@spatia/contract';
import { request } from '../../../api/client';

export function getAdminOverview(days: number): Promise<AdminOverview> {
  return request<AdminOverview>({ url: '/admin/overview', params: { days } });
}

/** Refreshed every minute while open: the pending counts are what an operator watches. */
export function useAdminOverview(days: number) {
  return useQuery({
    queryKey: ['admin', 'overview', days],
    queryFn: () => getAdminOverview(days),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
