import type { Page, WorkDetail, WorkShare, WorkSummary } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import { transition, type Actor } from './work-access.js';
import type { WorkRow, WorksRepository } from './works.repository.js';
import type { WorksService } from './works.service.js';

/**
 * Where a work is seen: online or not, the official showcase, the market, review by the platform,
 * and its public link. Every change goes through the transition table of work-lifecycle.md.
 */
export class WorkPublishingService {
  constructor(
    private readonly works: WorksService,
    private readonly repository: WorksRepository,
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

  /** On the market at a price in fen: only works that passed review and are not being handed over. */
  async putOnMarket(actor: Actor, uid: string, price: number): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, async (work, tx) => {
      await this.works.assertNotInTransfer(work, tx);
      return this.repository.update(work.id, { marketPrice: price, status: transition(work.status, 'expose') }, tx);
    });
    return this.works.detail(row, actor);
  }

  async takeOffMarket(actor: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, async (work, tx) => {
      if (work.marketPrice === null) return work;
      return this.repository.update(work.id, { marketPrice: null, status: this.statusWhenHidden(work, { marketPrice: null }) }, tx);
    });
    return this.works.detail(row, actor);
  }

  async submitForAudit(actor: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, async (work, tx) => {
      const status = transition(work.status, 'submitAudit');
      if (!(await this.works.verification(work, tx)).complete) throw fail('workIncomplete');
      return this.repository.update(work.id, { status, reviewNote: '' }, tx);
    });
    return this.works.detail(row, actor);
  }

  async withdrawFromAudit(actor: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.works.change(actor, uid, (work, tx) =>
      this.repository.update(work.id, { status: transition(work.status, 'withdrawAudit') }, tx),
    );
    return this.works.detail(row, actor);
  }

  /** The reviewers' queue (admins): works waiting for review first, oldest first. */
  async reviewQueue(pageNum: number, pageSize: number): Promise<Page<WorkSummary>> {
    const { rows, total } = await this.repository.listForReview(pageSize, (pageNum - 1) * pageSize);
    return { list: await this.works.summaries(rows), total, pageNum, pageSize };
  }

  async claimReview(reviewer: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.works.change(reviewer, uid, (work, tx) =>
      this.repository.update(work.id, { status: transition(work.status, 'claimReview') }, tx),
    );
    return this.works.detail(row, reviewer);
  }

  async decideReview(reviewer: Actor, uid: string, decision: { passed: boolean; note: string }): Promise<WorkDetail> {
    const row = await this.works.change(reviewer, uid, (work, tx) =>
      this.repository.update(
        work.id,
        { status: transition(work.status, decision.passed ? 'approve' : 'reject'), reviewNote: decision.note.trim() },
        tx,
      ),
    );
    return this.works.detail(row, reviewer);
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

  /** Still shown somewhere (showcase or market) stays exposed; shown nowhere falls back to passed. */
  private statusWhenHidden(work: WorkRow, change: Partial<Pick<WorkRow, 'openInOfficial' | 'marketPrice'>>) {
    const openInOfficial = change.openInOfficial ?? work.openInOfficial;
    const marketPrice = change.marketPrice === undefined ? work.marketPrice : change.marketPrice;
    if (work.status !== 'exposed' || openInOfficial || marketPrice !== null) return work.status;
    return transition(work.status, 'conceal');
  }
}
