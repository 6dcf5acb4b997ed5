/** The review queues of the back office; the overview counts what waits in each. */
export const REVIEW_KINDS = ['membershipApplications', 'identityApplications', 'works'] as const;

export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** `GET /api/admin/overview`. */
export interface AdminOverview {
  pending: Record<ReviewKind, number>;
  totals: { users: number; works: number };
  /** Every business day of the period (the server's time zone, Beijing by default), oldest first, today last. */
  days: { day: string; users: number; works: number }[];
}
