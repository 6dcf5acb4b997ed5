import { isAdmin, isWorkOnline, nextWorkStatus, type WorkAction, type WorkStatus } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { AuthUser } from '../users/index.js';
import type { WorkView } from './work-presenter.js';
import type { WorkRow } from './works.repository.js';

export type Actor = Pick<AuthUser, 'id' | 'roles'>;

/** Owners act on their works; an admin may act on anyone's. */
export function canManage(actor: Actor | undefined, work: Pick<WorkRow, 'ownerId'>): boolean {
  return actor !== undefined && (actor.id === work.ownerId || isAdmin(actor));
}

/** How a work is presented to this reader (see `WorkView`). */
export function viewOf(actor: Actor | undefined, work: Pick<WorkRow, 'ownerId'>): WorkView {
  return canManage(actor, work) ? 'manager' : 'public';
}

/**
 * The work behind a uid, for reading. A work in the recycle bin, or one that is not online and not
 * the reader's, does not exist as far as the reader can tell.
 */
export function assertReadable(actor: Actor | undefined, work: WorkRow | undefined): WorkRow {
  if (!work || work.deletedAt) throw fail('notFound');
  if (!canManage(actor, work) && !isWorkOnline(work.status)) throw fail('notFound');
  return work;
}

/** The work behind a uid, for changing: only its owner or an admin. */
export function assertManageable(actor: Actor, work: WorkRow | undefined): WorkRow {
  if (!work || work.deletedAt) throw fail('notFound');
  if (!canManage(actor, work)) {
    // Someone else's work they could not even see stays invisible; a public one is plainly refused.
    if (!isWorkOnline(work.status)) throw fail('notFound');
    throw fail('forbidden');
  }
  return work;
}

/** The status an action leads to, or a clear refusal naming the current status. */
export function transition(status: WorkStatus, action: WorkAction): WorkStatus {
  if ((status === 'unaudited' || status === 'underReview') && action === 'edit') throw fail('workUnderAudit');
  const next = nextWorkStatus(status, action);
  if (next === null) throw fail('workTransitionNotAllowed', { status });
  return next;
}
