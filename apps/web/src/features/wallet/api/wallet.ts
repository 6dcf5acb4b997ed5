import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaseOverview, LeasePurchase, WalletStat, WalletStatDays } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { workTrafficQueryOptions } from '../../../api/work-traffic';

/** What a lease purchase changes elsewhere: the recharge page's and the overview's balance. Named, not imported. */
const AFFECTED_QUERY_KEYS = [queryKeys.recharge.all, queryKeys.overview];

/** GET /client/{id}/balance/stat: balance, traffic and its cost by day and by work, and the lease. */
export function getWalletStat(uid: string, days: WalletStatDays): Promise<WalletStat> {
  return api.get('/client/{id}/balance/stat', { params: { path: { id: uid }, query: { days } } });
}

export function useWalletStat(uid: string, days: WalletStatDays) {
  return useQuery({
    queryKey: queryKeys.wallet.stat(uid, days),
    queryFn: () => getWalletStat(uid, days),
    enabled: uid !== '',
    // Switching 30 ↔ 90 days keeps the page while the other period loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /client/{id}/lease: the lease, the price of a month, the balance and the periods bought. */
export function getLeaseOverview(uid: string): Promise<LeaseOverview> {
  return api.get('/client/{id}/lease', { params: { path: { id: uid } } });
}

export function useLeaseOverview(uid: string) {
  return useQuery({ queryKey: queryKeys.wallet.lease(uid), queryFn: () => getLeaseOverview(uid), enabled: uid !== '' });
}

export interface LeaseRequest {
  months: number;
  /** One per confirmed purchase: a retried request answers the same purchase. */
  idempotencyKey: string;
}

/** POST /client/{id}/purchaseTimeBalance: buys months of lease time from the balance. */
export function purchaseLease(uid: string, { months, idempotencyKey }: LeaseRequest): Promise<LeasePurchase> {
  return api.post('/client/{id}/purchaseTimeBalance', {
    params: { path: { id: uid } },
    body: { months },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePurchaseLease(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lease: LeaseRequest) => purchaseLease(uid, lease),
    onSuccess: () =>
      Promise.all([queryKeys.wallet.all, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** The chart's days for one work, when one is picked (GET /model/{id}/traffic, as the work drawer asks it). */
export function useWorkTraffic(uid: string | null, days: WalletStatDays) {
  return useQuery({ ...workTrafficQueryOptions(uid, days), placeholderData: keepPreviousData });
}
