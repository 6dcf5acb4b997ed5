import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal, Page, Withdrawal, WithdrawalSettings, WithdrawalStatus } from '@spatia/contract';
import { api } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import type { Rejection } from '../../../components/review-decisions';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { refetchWhilePaying } from './withdrawals';
import { queryKeys } from '../../../api/query-keys';

export interface WithdrawalQueueParams extends PageParams {
  status?: WithdrawalStatus;
  keyword?: string;
}

/** GET /admin/withdrawals: the back office's queue, newest first. */
export function getWithdrawalQueue(params: WithdrawalQueueParams): Promise<Page<AdminWithdrawal>> {
  return api.get('/admin/withdrawals', { params: { query: params } });
}

/** Refreshes itself while an approved withdrawal waits for its payout. */
export function useWithdrawalQueue(params: WithdrawalQueueParams) {
  return useQuery({
    queryKey: queryKeys.withdrawals.queue(params),
    queryFn: () => getWithdrawalQueue(params),
    placeholderData: keepPreviousData,
    meta: { session: true },
    refetchInterval: refetchWhilePaying(5_000),
  });
}

/** POST /admin/withdrawals/{id}/approve: the withdrawal, approved (its payout follows). */
export function approveWithdrawal(id: number): Promise<Withdrawal> {
  return api.post('/admin/withdrawals/{id}/approve', { params: { path: { id } } });
}

/** POST /admin/withdrawals/{id}/reject with the reason: the withdrawal, rejected (the amount goes back). */
export function rejectWithdrawal({ id, reason }: Rejection): Promise<Withdrawal> {
  return api.post('/admin/withdrawals/{id}/reject', { params: { path: { id } }, body: { reason } });
}

/** POST /admin/withdrawals/{id}/fail with the reason: ends an approved or paying payout once its provider confirms nothing was paid. */
export function endWithdrawalAsFailed({ id, reason }: Rejection): Promise<AdminWithdrawal> {
  return api.post('/admin/withdrawals/{id}/fail', { params: { path: { id } }, body: { reason } });
}

export const useEndWithdrawalAsFailed = () => useRefreshingMutation(endWithdrawalAsFailed, [queryKeys.withdrawals.all]);
export const useApproveWithdrawal = () => useRefreshingMutation(approveWithdrawal, [queryKeys.withdrawals.all]);
export const useRejectWithdrawal = () => useRefreshingMutation(rejectWithdrawal, [queryKeys.withdrawals.all]);

// ---- Step-up checks: the back office's withdrawal settings ----

/** GET /admin/withdrawals/settings: the cooling period of new payout accounts. */
export function getWithdrawalSettings(): Promise<WithdrawalSettings> {
  return api.get('/admin/withdrawals/settings');
}

export function useWithdrawalSettings(enabled: boolean) {
  return useQuery({ queryKey: [...queryKeys.withdrawals.all, 'settings'], queryFn: getWithdrawalSettings, enabled });
}

/** PUT /admin/withdrawals/settings. */
export function saveWithdrawalSettings(settings: WithdrawalSettings): Promise<WithdrawalSettings> {
  return api.put('/admin/withdrawals/settings', { body: settings });
}

export const useSaveWithdrawalSettings = () => useRefreshingMutation(saveWithdrawalSettings, [queryKeys.withdrawals.all]);
