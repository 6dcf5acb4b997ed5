import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkTrafficDay } from '@spatia/contract';
import { request } from '../../../api/client';
import { workKeys } from '../../../api/work-keys';

/** What `GET /model/{uid}/traffic` answers: one entry per day (UTC, oldest first) and the totals. */
export interface WorkTraffic {
  days: WorkTrafficDay[];
  requests: number;
  bytes: number;
}

export const TRAFFIC_DAYS = 30;

/** GET /model/{uid}/traffic?days=: requests and bytes served for the work (owner only). Silent: the chart says it. */
export function getWorkTraffic(uid: string, days: number): Promise<WorkTraffic> {
  return request<WorkTraffic>({ url: `/model/${encodeURIComponent(uid)}/traffic`, params: { days }, silent: true });
}

export function workTrafficQueryOptions(uid: string, days = TRAFFIC_DAYS) {
  return queryOptions({
    queryKey: workKeys.traffic(uid, days),
    queryFn: () => getWorkTraffic(uid, days),
    meta: { session: true },
  });
}

export function useWorkTraffic(uid: string | null, days = TRAFFIC_DAYS) {
  return useQuery({ ...workTrafficQueryOptions(uid ?? '', days), enabled: uid !== null });
}
