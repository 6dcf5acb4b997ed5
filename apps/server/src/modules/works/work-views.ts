import type { RateLimiter } from '../../lib/rate-limiter.js';
import { canManage, type Actor } from './work-access.js';
import type { WorksRepository } from './works.repository.js';
import type { WorksService } from './works.service.js';

const VIEW_WINDOW_SECONDS = 3600;

/** Opens of a work's public page: one per visitor (signed-in user, else address) and hour; owners' own do not count. */
export class WorkViews {
  constructor(
    private readonly works: WorksService,
    private readonly repository: WorksRepository,
    private readonly limiter: RateLimiter,
  ) {}

  async count(actor: Actor | undefined, uid: string, visitorAddress: string): Promise<{ views: number }> {
    const work = await this.works.findReadable(actor, uid);
    if (canManage(actor, work)) return { views: work.views };
    const visitor = actor ? `u${actor.id}` : `ip${visitorAddress}`;
    const decision = await this.limiter.hit(`work-view:${work.id}:${visitor}`, 1, VIEW_WINDOW_SECONDS);
    if (!decision.allowed) return { views: work.views };
    return { views: await this.repository.addView(work.id) };
  }
}
