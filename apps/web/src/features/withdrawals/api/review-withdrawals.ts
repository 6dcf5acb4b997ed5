import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal, Page, Withdrawal, WithdrawalStatus } from '@spatia/contract';
import { request } from '../../../api/client';
import { WITHDRAWALS_QUERY_KEY } from './withdrawals';

export interface WithdrawalQueueParams {
  status?: WithdrawalStatus;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** GET /admin/withdrawals: the back office's queue, newest first. */
export function getWithdrawalQueue(params: WithdrawalQueueParams): Promise<Page<AdminWithdrawal>> {
  return request<Page<AdminWithdrawal>>({ url: '/admin/withdrawals', params });
}

/** Refreshes itself while an approved withdrawal waits for its payout. */
export function useWithdrawalQueue(params: WithdrawalQueueParams) {
  return useQuery({
    queryKey: [...WITHDRAWALS_QUERY_KEY, 'queue', params],
    queryFn: () => getWithdrawalQueue(params),
    placeholderData: keepPreviousData,
    meta: { session: true },
    refetchInterval: (query) =>
      query.state.data?.list.some((item) => item.status === 'approved' || item.status === 'paying') ? 5_000 : false,
  });
}

export function approveWithdrawal(id: number): Promise<Withdrawal> {
  return request<Withdrawal>({ url: `/admin/withdrawals/${id}/approve`, method: 'POST' });
}

export function rejectWithdrawal({ id, reason }: { id: number; reason: string }): Promise<Withdrawal> {
  return request<Withdrawal>({ url: `/admin/withdrawals/${id}/reject`, method: 'POST', data: { reason } });
}

function useDecision<Input>(mutationFn: (input: Input) => Promise<Withdrawal>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY }) });
}

export const useApproveWithdrawal = () => useDecision(approveWithdrawal);
export const useRejectWithdrawal = () => useDecision(rejectWithdrawal);
