import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaseOverview, LeasePurchase, WalletStat, WalletStatDays, WorkTrafficDay } from '@spatia/contract';
import { request } from '../../../api/client';

/** Every wallet query starts with this key. */
export const WALLET_QUERY_KEY = ['wallet'] as const;
/** What a lease purchase changes elsewhere: the recharge page's and the overview's balance. Named, not imported. */
const AFFECTED_QUERY_KEYS = [['recharge'], ['overview']] as const;

const client = (uid: string) => `/client/${encodeURIComponent(uid)}`;

/** GET /client/{id}/balance/stat: balance, traffic and its cost by day and by work, and the lease. */
export function getWalletStat(uid: string, days: WalletStatDays): Promise<WalletStat> {
  return request<WalletStat>({ url: `${client(uid)}/balance/stat`, params: { days } });
}

export function useWalletStat(uid: string, days: WalletStatDays) {
  return useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'stat', uid, days],
    queryFn: () => getWalletStat(uid, days),
    enabled: uid !== '',
    // Switching 30 ↔ 90 days keeps the page while the other period loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /client/{id}/lease: the lease, the price of a month, the balance and the periods bought. */
export function getLeaseOverview(uid: string): Promise<LeaseOverview> {
  return request<LeaseOverview>({ url: `${client(uid)}/lease` });
}

export function useLeaseOverview(uid: string) {
  return useQuery({ queryKey: [...WALLET_QUERY_KEY, 'lease', uid], queryFn: () => getLeaseOverview(uid), enabled: uid !== '' });
}

export interface LeaseRequest {
  months: number;
  /** One per confirmed purchase: a retried request answers the same purchase. */
  idempotencyKey: string;
}

/** POST /client/{id}/purchaseTimeBalance: buys months of lease time from the balance. */
export function purchaseLease(uid: string, { months, idempotencyKey }: LeaseRequest): Promise<LeasePurchase> {
  return request<LeasePurchase>({
    url: `${client(uid)}/purchaseTimeBalance`,
    method: 'POST',
    data: { months },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePurchaseLease(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lease: LeaseRequest) => purchaseLease(uid, lease),
    onSuccess: () => Promise.all([WALLET_QUERY_KEY, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** GET /model/{uid}/traffic?days=: one work's requests and bytes per day (only days with traffic). */
export function getWorkTraffic(uid: string, days: number): Promise<{ days: WorkTrafficDay[] }> {
  return request<{ days: WorkTrafficDay[] }>({ url: `/model/${encodeURIComponent(uid)}/traffic`, params: { days } });
}

/** The chart's days for one work, when one is picked. */
export function useWorkTraffic(uid: string | null, days: WalletStatDays) {
  return useQuery({
    queryKey: [...WALLET_QUERY_KEY, 'work', uid, days],
    queryFn: () => getWorkTraffic(uid!, days),
    enabled: uid !== null,
    placeholderData: keepPreviousData,
  });
}
