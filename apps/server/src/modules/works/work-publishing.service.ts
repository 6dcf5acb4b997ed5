import type { Page, WorkDetail, WorkReviewItem, WorkShare, WorkStatus } from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import { fail, invalid } from '../../lib/app-error.js';
import type { AdminLogService } from '../admin-log/index.js';
import { recordDecision } from '../admin-log/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/index.js';
import { transition, type Actor } from './work-access.js';
import type { WorkRow, WorksRepository } from './works.repository.js';
import type { WorksService } from './works.service.js';

/** Thrown inside a review's transaction when another admin holds the claim; named after it ends. */
class ClaimedByAnother extends Error {
  constructor(readonly reviewerId: number) {
    super('review claimed by another admin');
  }
}

/**
 * Where a work is seen: online or not, the official showcase, the market, review by the platform,
 * and its public link. Every change goes through the transition table of work-lifecycle.md.
 */
export class WorkPublishingService {
  constructor(
    private readonly works: WorksService,
    private readonly repository: WorksRepository,
    private readonly review: {
      users: UsersService;
      notifications: NotificationsService;
      adminLog: AdminLogService;
      now?: () => number;
    },
  ) {}

  /** Online needs a complete work; offline takes it off the showcase and the market too. */
  async setOnLined(actor: Actor, uid: string, onLined: boolean): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, async (work, tx) => {
      if (onLined) {
        if (work.status !== 'unpublished') return work;
        if (!(await this.works.verification(work, tx)).complete) throw fail('workIncomplete');
        return this.repository.update(work.id, { status: transition(work.status, 'publish') }, tx);
      }
      if (work.status === 'unpublished') return work;
      await this.works.leftMarket(tx, [work.id], 'offline');
      return this.repository.update(
        work.id,
        { status: transition(work.status, 'unpublish'), openInOfficial: false, marketPrice: null },
        tx,
      );
    });
    return this.works.detail(row, actor);
  }

  /** Shown in the official showcase: only works that passed review. */
  async setOpenInOfficial(actor: Actor, uid: string, openInOfficial: boolean): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, async (work, tx) => {
      if (openInOfficial === work.openInOfficial) return work;
      const status = openInOfficial ? transition(work.status, 'expose') : this.statusWhenHidden(work, { openInOfficial: false });
      return this.repository.update(work.id, { openInOfficial, status }, tx);
    });
    return this.works.detail(row, actor);
  }

  /**
   * Shows the work on the market at a price in fen, or no longer (null), inside the market's transaction
   * (docs/market.md): a work on the market is exposed; shown nowhere it falls back to passed. Only a work
   * that passed review goes on the market; answers null (nothing changed) for one that no longer did.
   */
  async showOnMarket(workId: number, priceFen: number | null, tx: Transaction): Promise<WorkRow | null> {
    const work = await this.repository.lockById(workId, tx);
    if (!work || work.deletedAt) return null;
    if (priceFen === null) {
      if (work.marketPrice === null) return work;
      return this.repository.update(work.id, { marketPrice: null, status: this.statusWhenHidden(work, { marketPrice: null }) }, tx);
    }
    if (work.status !== 'passed' && work.status !== 'exposed') return null;
    return this.repository.update(work.id, { marketPrice: priceFen, status: transition(work.status, 'expose') }, tx);
  }

  async submitForAudit(actor: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, async (work, tx) => {
      const status = transition(work.status, 'submitAudit');
      if (!(await this.works.verification(work, tx)).complete) throw fail('workIncomplete');
      return this.repository.update(work.id, { status, reviewNote: '', reviewSubmittedAt: new Date(this.now()), reviewerId: null }, tx);
    });
    return this.works.detail(row, actor);
  }

  async withdrawFromAudit(actor: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, (work, tx) =>
      this.repository.update(work.id, { status: transition(work.status, 'withdrawAudit') }, tx),
    );
    return this.works.detail(row, actor);
  }

  /** How many works wait for or are in review (the back office's overview). */
  async reviewQueueSize(): Promise<number> {
    return (await this.repository.listForReview(1, 0)).total;
  }

  /** The reviewers' queue (admins): works waiting for review first, then claimed ones; oldest submission first. */
  async reviewQueue(reviewer: Actor, pageNum: number, pageSize: number): Promise<Page<WorkReviewItem>> {
    const { rows, total } = await this.repository.listForReview(pageSize, (pageNum - 1) * pageSize);
    const reviewerIds = rows.flatMap((row) => (row.status === 'underReview' && row.reviewerId !== null ? [row.reviewerId] : []));
    const [summaries, reviewers] = await Promise.all([
      this.works.summaries(rows, reviewer),
      this.review.users.findPublicProfiles(reviewerIds),
    ]);
    const list = summaries.map((summary, index) => {
      const row = rows[index]!;
      const reviewer = row.status === 'underReview' && row.reviewerId !== null ? reviewers.get(row.reviewerId) : undefined;
      return { ...summary, submittedAt: row.reviewSubmittedAt?.getTime() ?? null, reviewer: reviewer ?? null };
    });
    return { list, total, pageNum, pageSize };
  }

  /**
   * One admin takes a waiting work; the row lock makes a second claim wait and then find it taken.
   * Claiming one's own claim again is a no-op.
   */
  async claimReview(reviewer: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.holdingReview(reviewer, uid, (work, tx) => {
      if (work.status === 'underReview' && work.reviewerId === reviewer.id) return Promise.resolve(work);
      return this.repository.update(work.id, { status: transition(work.status, 'claimReview'), reviewerId: reviewer.id }, tx);
    });
    return this.works.detail(row, reviewer);
  }

  /**
   * Only the admin holding the claim decides; a rejection needs a reason. The owner's notice and the
   * admin log entry are written in the same transaction as the decision.
   */
  async decideReview(reviewer: Actor, uid: string, decision: { passed: boolean; note: string }): Promise<WorkDetail> {
    const note = decision.note.trim();
    if (!decision.passed && note.length === 0) throw invalid('note', 'required');
    const row = await this.holdingReview(reviewer, uid, (work, tx) =>
      this.decide(tx, work, transition(work.status, decision.passed ? 'approve' : 'reject'), note, reviewer),
    );
    return this.works.detail(row, reviewer);
  }

  /**
   * The platform's own review of a work it made itself (the demo works of the first start): passed
   * without an administrator's claim, and logged as the system's action rather than an administrator's.
   */
  async passReviewAsSystem(owner: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.works.change(owner, uid, (work, tx) =>
      this.decide(tx, work, transition(transition(work.status, 'claimReview'), 'approve'), '', 'system'),
    );
    return this.works.detail(row, owner);
  }

  /** The public link, with an embed code; only for works that are online. */
  async share(actor: Actor, uid: string, origin: string): Promise<WorkShare> {
    const work = await this.works.findManageable(actor, uid);
    if (work.status === 'unpublished') throw fail('workTransitionNotAllowed', { status: work.status });
    const url = `${origin}/details/${work.uid}`;
    const title = work.name.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
    const embedCode = `<iframe src="${url}?embed=1" title="${title}" width="800" height="600" style="border:0" allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking" allowfullscreen></iframe>`;
    return { url, embedCode };
  }

  /** Runs a review step on the locked work, refusing when another admin holds its claim (named in the refusal). */
  /** A review's outcome, with its admin log entry and the owner's notice, in the decision's transaction. */
  private async decide(tx: Transaction, work: WorkRow, status: WorkStatus, note: string, by: Actor | 'system'): Promise<WorkRow> {
    const decided = await this.repository.update(work.id, { status, reviewNote: note }, tx);
    const passed = status === 'passed';
    await recordDecision(this.review, tx, by, {
      log: {
        action: passed ? 'work.auditPass' : 'work.auditReject',
        targetType: 'work',
        targetId: work.uid,
        before: { status: work.status, reviewNote: work.reviewNote },
        after: { status, reviewNote: note },
      },
      notice: {
        userId: work.ownerId,
        kind: passed ? 'workAuditPassed' : 'workAuditRejected',
        params: { workName: work.name, workUid: work.uid, reason: note },
        link: `/dashboard/dashboard?edit=${work.uid}`,
      },
    });
    return decided;
  }

  private async holdingReview(reviewer: Actor, uid: string, step: (work: WorkRow, tx: Transaction) => Promise<WorkRow>): Promise<WorkRow> {
    try {
      return await this.works.change(reviewer, uid, (work, tx) => {
        if (work.status === 'underReview' && work.reviewerId !== null && work.reviewerId !== reviewer.id) {
          throw new ClaimedByAnother(work.reviewerId);
        }
        return step(work, tx);
      });
    } catch (error) {
      if (!(error instanceof ClaimedByAnother)) throw error;
      const holder = (await this.review.users.findPublicProfiles([error.reviewerId])).get(error.reviewerId);
      throw fail('workReviewClaimed', { name: holder?.name ?? '' });
    }
  }

  private now(): number {
    return this.review.now?.() ?? Date.now();
  }

  /** Still shown somewhere (showcase or market) stays exposed; shown nowhere falls back to passed. */
  private statusWhenHidden(work: WorkRow, change: Partial<Pick<WorkRow, 'openInOfficial' | 'marketPrice'>>) {
    const openInOfficial = change.openInOfficial ?? work.openInOfficial;
    const marketPrice = change.marketPrice === undefined ? work.marketPrice : change.marketPrice;
    if (work.status !== 'exposed' || openInOfficial || marketPrice !== null) return work.status;
    return transition(work.status, 'conceal');
  }
}
