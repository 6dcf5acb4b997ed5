import { useQuery } from '@tanstack/react-query';
import type { UserOverview } from '@spatia/contract';
import { api } from '../../../api/client';
import { sessionQueryOptions } from '../../../lib/session-queries';
import { queryKeys } from '../../../api/query-keys';

/** GET /c/my/overview; `balance` is in fen. */
export type Overview = UserOverview;

/** Silent: the strip is a summary; when it cannot load, the page simply goes without it. */
export function getOverview(): Promise<Overview> {
  return api.get('/c/my/overview', { silent: true });
}

export const overviewQueryOptions = sessionQueryOptions(queryKeys.overview, getOverview);

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
