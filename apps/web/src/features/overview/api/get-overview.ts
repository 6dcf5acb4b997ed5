import { useQuery } from '@tanstack/react-query';
import type { UserOverview } from '@spatia/contract';
import { request } from '../../../api/client';
import { sessionQueryOptions } from '../../../lib/session-queries';

/** GET /c/my/overview; `balance` is in fen. */
export type Overview = UserOverview;

/** Silent: the strip is a summary; when it cannot load, the page simply goes without it. */
export function getOverview(): Promise<Overview> {
  return request<Overview>({ url: '/c/my/overview', silent: true });
}

export const overviewQueryOptions = sessionQueryOptions(['overview'], getOverview);

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
