import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, WorkDetail, WorkReviewItem } from '@spatia/contract';
import { request } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';

/** Every query of the queue starts with this key. */
export const WORK_AUDIT_QUERY_KEY = ['workAudit'] as const;
/** The back office's overview counts pending reviews: named here, not imported (a feature never imports another). */
const AFFECTED_QUERY_KEYS = [['admin', 'overview']] as const;

/** GET /audit/models: waiting works first, then claimed ones, oldest submission first (admins). */
export function getReviewQueue({ pageNum, pageSize }: PageParams): Promise<Page<WorkReviewItem>> {
  return request<Page<WorkReviewItem>>({ url: '/audit/models', params: { pageNum, pageSize } });
}

export function reviewQueueQueryOptions(params: PageParams) {
  return {
    ...pageQueryOptions([...WORK_AUDIT_QUERY_KEY, 'queue'], getReviewQueue, params),
    // Other admins claim too: the queue stays current while it is open.
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  };
}

export function useReviewQueue(params: PageParams) {
  return useQuery(reviewQueueQueryOptions(params));
}

/** POST /audit/models/{uid}/claim: one admin takes the work; another admin's claim is refused (1706). */
export function claimReview(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `/audit/models/${encodeURIComponent(uid)}/claim`, method: 'POST' });
}

export interface ReviewDecision {
  uid: string;
  passed: boolean;
  /** Required when rejecting: the owner reads it in their notice. */
  note: string;
}

/** POST /audit/models/{uid}/decision: only the admin holding the claim. */
export function decideReview({ uid, passed, note }: ReviewDecision): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `/audit/models/${encodeURIComponent(uid)}/decision`, method: 'POST', data: { passed, note } });
}

function useQueueMutation<Input>(mutationFn: (input: Input) => Promise<WorkDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Also after a failure: "claimed by another admin" means the queue is stale.
    onSettled: () =>
      Promise.all([WORK_AUDIT_QUERY_KEY, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useClaimReview() {
  return useQueueMutation(claimReview);
}

export function useDecideReview() {
  return useQueueMutation(decideReview);
}
