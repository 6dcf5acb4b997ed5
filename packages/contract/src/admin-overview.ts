/** The review queues of the back office; the overview counts what waits in each. */
export const REVIEW_KINDS = ['membershipApplications', 'identityApplications', 'works'] as const;

export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** `GET /api/admin/overview`. */
export interface AdminOverview {
  pending: Record<ReviewKind, number>;
  totals: { users: number; works: number };
  /** Days with new users or works, oldest first (UTC); the chart fills the empty ones. */
  days: { day: string; users: number; works: number }[];
}
