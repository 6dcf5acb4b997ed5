import type { Executor } from '../../db/database.js';
import { adminActions } from '../../db/schema/index.js';

export interface NewAdminAction {
  adminUserId: number;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** The only place that reads and writes `admin_actions` (append-only: a trigger refuses changes). */
export class AdminLogRepository {
  async insert(executor: Executor, entry: NewAdminAction): Promise<void> {
    await executor.insert(adminActions).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
  }
}
