import type { Db, Transaction } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Notice, NotificationsService } from '../notifications/index.js';
import type { AdminLogService, LoggedAction } from './admin-log.service.js';

/** What a decision leaves behind besides its own change: the applicant's notice and the admin log entry. */
export interface DecisionRecord {
  notice: Notice;
  log: LoggedAction;
}

export interface ReviewDecisionServices {
  notifications: NotificationsService;
  adminLog: AdminLogService;
}

/** Who decided: an administrator, or the platform on its own (logged as the system's action). */
export type Decider = { id: number } | 'system';

/** Writes a decision's notice and admin log entry in the decision's transaction, so neither can miss it. */
export async function recordDecision(
  services: ReviewDecisionServices,
  tx: Transaction,
  by: Decider,
  { notice, log }: DecisionRecord,
): Promise<void> {
  if (by === 'system') await services.adminLog.recordSystemAction(tx, log);
  else await services.adminLog.record(tx, { ...log, adminUserId: by.id });
  await services.notifications.notify(tx, notice);
}

export interface PendingReview<Row, Result> {
  /** Reads the row locked until the transaction ends: a second admin deciding at once waits, then finds it decided. */
  lock: (tx: Transaction) => Promise<Row | undefined>;
  isPending: (row: Row) => boolean;
  /** The refusal when the row was decided already. */
  alreadyDecided: Parameters<typeof fail>[0];
  /** The decision itself, answering what the caller returns and what to notify and log. */
  decide: (row: Row, tx: Transaction) => Promise<DecisionRecord & { result: Result }>;
}

/**
 * One review decision (an identity, a membership application, a withdrawal): in one transaction the row
 * is locked and must still be pending; the decision, the applicant's notice and the log entry follow.
 */
export function decidePending<Row, Result>(
  services: ReviewDecisionServices & { db: Db },
  by: Decider,
  review: PendingReview<Row, Result>,
): Promise<Result> {
  return services.db.transaction(async (tx) => {
    const row = await review.lock(tx);
    if (!row) throw fail('notFound');
    if (!review.isPending(row)) throw fail(review.alreadyDecided);
    const { result, ...record } = await review.decide(row, tx);
    await recordDecision(services, tx, by, record);
    return result;
  });
}
