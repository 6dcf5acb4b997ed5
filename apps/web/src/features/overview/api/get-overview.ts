import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOverview } from '@spatia/contract';
import { request } from '../../../api/client';

/** GET /c/my/overview; `balance` is in fen. */
export type Overview = UserOverview;

/** Silent: the strip is a summary; when it cannot load, the page simply goes without it. */
export function getOverview(): Promise<Overview> {
  return request<Overview>({ url: '/c/my/overview', silent: true });
}

export const overviewQueryOptions = queryOptions({
  queryKey: ['overview'],
  queryFn: getOverview,
  meta: { session: true },
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
