import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal, Page, Withdrawal, WithdrawalStatus } from '@spatia/contract';
import { request } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import { reviewDecisionRequests } from '../../../lib/review-decision-requests';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { refetchWhilePaying, WITHDRAWALS_QUERY_KEY } from './withdrawals';

export interface WithdrawalQueueParams extends PageParams {
  status?: WithdrawalStatus;
  keyword?: string;
}

const QUEUE_URL = '/admin/withdrawals';

/** GET /admin/withdrawals: the back office's queue, newest first. */
export function getWithdrawalQueue(params: WithdrawalQueueParams): Promise<Page<AdminWithdrawal>> {
  return request<Page<AdminWithdrawal>>({ url: QUEUE_URL, params });
}

/** Refreshes itself while an approved withdrawal waits for its payout. */
export function useWithdrawalQueue(params: WithdrawalQueueParams) {
  return useQuery({
    queryKey: [...WITHDRAWALS_QUERY_KEY, 'queue', params],
    queryFn: () => getWithdrawalQueue(params),
    placeholderData: keepPreviousData,
    meta: { session: true },
    refetchInterval: refetchWhilePaying(5_000),
  });
}

export const { approve: approveWithdrawal, reject: rejectWithdrawal } = reviewDecisionRequests<Withdrawal>(QUEUE_URL);

export const useApproveWithdrawal = () => useRefreshingMutation(approveWithdrawal, [WITHDRAWALS_QUERY_KEY]);
export const useRejectWithdrawal = () => useRefreshingMutation(rejectWithdrawal, [WITHDRAWALS_QUERY_KEY]);
