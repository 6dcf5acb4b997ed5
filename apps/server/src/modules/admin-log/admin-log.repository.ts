import type { AdminLogActor } from '@spatia/contract';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { adminActions } from './admin-log.tables.js';

export interface NewAdminAction {
  actor: AdminLogActor;
  /** Null for the system. */
  adminUserId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** Which entries the log browser shows; every field narrows (times in epoch ms, both ends included). */
export interface AdminLogFilter {
  action?: string;
  adminUserId?: number;
  targetType?: string;
  targetId?: string;
  from?: number;
  to?: number;
}

export type AdminActionRow = typeof adminActions.$inferSelect;

/** The only place that reads and writes `admin_actions` (append-only: a trigger refuses changes). */
export class AdminLogRepository {
  constructor(private readonly db: Db) {}

  async insert(executor: Executor, entry: NewAdminAction): Promise<void> {
    await executor.insert(adminActions).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
  }

  /** Newest first (entries of one transaction share a time: the later id first). */
  async list(filter: AdminLogFilter, offset: number, limit: number): Promise<AdminActionRow[]> {
    return this.db
      .select()
      .from(adminActions)
      .where(whereOf(filter))
      .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
      .offset(offset)
      .limit(limit);
  }

  async count(filter: AdminLogFilter): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(adminActions).where(whereOf(filter));
    return Number(row?.total ?? 0);
  }
}

function whereOf(filter: AdminLogFilter): SQL | undefined {
  return and(
    filter.action === undefined ? undefined : eq(adminActions.action, filter.action),
    filter.adminUserId === undefined ? undefined : eq(adminActions.adminUserId, filter.adminUserId),
    filter.targetType === undefined ? undefined : eq(adminActions.targetType, filter.targetType),
    filter.targetId === undefined ? undefined : eq(adminActions.targetId, filter.targetId),
    filter.from === undefined ? undefined : gte(adminActions.createdAt, new Date(filter.from)),
    filter.to === undefined ? undefined : lte(adminActions.createdAt, new Date(filter.to)),
  );
}
