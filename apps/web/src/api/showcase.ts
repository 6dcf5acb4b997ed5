import { useQuery } from '@tanstack/react-query';
import type { Page, WorkSummary } from '@spatia/contract';
import { request } from './client';

/** GET /showcase: the official showcase, open to everyone. Silent: an empty strip is hidden, not an error. */
export function getShowcase(pageSize: number): Promise<Page<WorkSummary>> {
  return request<Page<WorkSummary>>({ url: '/showcase', params: { pageNum: 1, pageSize }, silent: true });
}

export function useShowcase(pageSize = 6) {
  return useQuery({ queryKey: ['showcase', pageSize], queryFn: () => getShowcase(pageSize), staleTime: 60_000 });
}
