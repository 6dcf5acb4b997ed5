import { queryOptions } from '@tanstack/react-query';
import { api, type ApiData } from './client';
import { queryKeys } from './query-keys';

/** What `GET /model/{id}/traffic` answers: every business day of the window (oldest first, today last, as the server counts them) and the totals. */
export type WorkTraffic = ApiData<'get', '/model/{id}/traffic'>;

/** GET /model/{id}/traffic?days=: requests and bytes served for the work (its owner), of the work drawer and the wallet alike. */
export function getWorkTraffic(uid: string, days: number, { silent = false }: { silent?: boolean } = {}): Promise<WorkTraffic> {
  return api.get('/model/{id}/traffic', { params: { path: { id: uid }, query: { days } }, silent });
}

/** One work's traffic over `days`, when a work is picked; silent when the chart says itself that it failed. */
export function workTrafficQueryOptions(uid: string | null, days: number, { silent = false }: { silent?: boolean } = {}) {
  return queryOptions({
    queryKey: queryKeys.works.traffic(uid ?? '', days),
    queryFn: () => getWorkTraffic(uid!, days, { silent }),
    enabled: uid !== null,
    meta: { session: true },
  });
}
