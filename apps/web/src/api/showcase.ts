import { useQuery } from '@tanstack/react-query';
import type { Page, WorkSummary } from '@spatia/contract';
import { api } from './client';
import { queryKeys } from './query-keys';

/** GET /showcase: the official showcase, open to everyone. Silent: an empty strip is hidden, not an error. */
export function getShowcase(pageSize: number): Promise<Page<WorkSummary>> {
  return api.get('/showcase', { params: { query: { pageNum: 1, pageSize } }, silent: true });
}

export function useShowcase(pageSize = 6) {
  return useQuery({ queryKey: queryKeys.showcase(pageSize), queryFn: () => getShowcase(pageSize), staleTime: 60_000 });
}
