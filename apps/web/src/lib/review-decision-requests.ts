import { request } from '../api/client';

export interface Rejection {
  id: number;
  reason: string;
}

/**
 * The back office's two answers to an item of the review queue at `queueUrl`:
 * POST `{queueUrl}/{id}/approve`, and POST `{queueUrl}/{id}/reject` with the reason. The server declares
 * both with `registerReviewDecisions` (apps/server/src/modules/admin-log/review-decision.routes.ts).
 */
export function reviewDecisionRequests<Approved, Rejected = Approved>(queueUrl: string) {
  return {
    approve: (id: number) => request<Approved>({ url: `${queueUrl}/${id}/approve`, method: 'POST' }),
    reject: ({ id, reason }: Rejection) => request<Rejected>({ url: `${queueUrl}/${id}/reject`, method: 'POST', data: { reason } }),
  };
}
