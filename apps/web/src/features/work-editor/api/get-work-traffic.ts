import { useQuery } from '@tanstack/react-query';
import { workTrafficQueryOptions } from '../../../api/work-traffic';

export type { WorkTraffic } from '../../../api/work-traffic';

export const TRAFFIC_DAYS = 30;

/** The drawer's traffic chart. Silent: the chart says it when the traffic cannot be read. */
export function useWorkTraffic(uid: string | null, days = TRAFFIC_DAYS) {
  return useQuery(workTrafficQueryOptions(uid, days, { silent: true }));
}
