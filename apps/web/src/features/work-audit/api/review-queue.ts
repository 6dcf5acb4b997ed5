import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, WorkDetail, WorkReviewItem } from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import { queryKeys } from '../../../api/query-keys';

/** The back office's overview counts pending reviews: named here, not imported (a feature never imports another). */
const AFFECTED_QUERY_KEYS = [queryKeys.admin.overview()];

/** GET /audit/models: waiting works first, then claimed ones, oldest submission first (admins). */
export function getReviewQueue({ pageNum, pageSize }: PageParams): Promise<Page<WorkReviewItem>> {
  return api.get('/audit/models', { params: { query: { pageNum, pageSize } } });
}

export function reviewQueueQueryOptions(params: PageParams) {
  return {
    ...pageQueryOptions([...queryKeys.workAudit, 'queue'], getReviewQueue, params),
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
  return api.post('/audit/models/{uid}/claim', { params: { path: { uid } } });
}

export interface ReviewDecision {
  uid: string;
  passed: boolean;
  /** Required when rejecting: the owner reads it in their notice. */
  note: string;
}

/** POST /audit/models/{uid}/decision: only the admin holding the claim. */
export function decideReview({ uid, passed, note }: ReviewDecision): Promise<WorkDetail> {
  return api.post('/audit/models/{uid}/decision', { params: { path: { uid } }, body: { passed, note } });
}

function useQueueMutation<Input>(mutationFn: (input: Input) => Promise<WorkDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Also after a failure: "claimed by another admin" means the queue is stale.
    onSettled: () =>
      Promise.all([queryKeys.workAudit, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useClaimReview() {
  return useQueueMutation(claimReview);
}

export function useDecideReview() {
  return useQueueMutation(decideReview);
}
