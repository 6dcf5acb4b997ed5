import type { AdminActionCode, AdminLogState } from '@spatia/contract';
import type { Executor } from '../../db/database.js';
import type { AdminActionRow, AdminLogFilter, AdminLogRepository } from './admin-log.repository.js';

export type { AdminActionRow, AdminLogFilter } from './admin-log.repository.js';

/** What an action did, whoever took it. */
export interface LoggedAction {
  action: AdminActionCode;
  /** What was acted on: `user`, `membershipVersion`, `membershipApplication`, `identityApplication`, `work`, `sensitiveWord`… */
  targetType: string;
  targetId: string | number;
  /**
   * The state before and after, as plain JSON (null where there was none). A field named only in
   * `before` is context (which user, which amount), shown as such rather than as a change.
   */
  before?: AdminLogState | null;
  after?: AdminLogState | null;
}

export interface AdminActionEntry extends LoggedAction {
  adminUserId: number;
}

/** Every admin action is recorded in the transaction that makes it, so the log cannot miss one. */
export class AdminLogService {
  constructor(private readonly repository: AdminLogRepository) {}

  async record(executor: Executor, { adminUserId, ...entry }: AdminActionEntry): Promise<void> {
    await this.insert(executor, { actor: 'admin', adminUserId }, entry);
  }

  /**
   * An action the platform takes on its own, with no administrator behind it (passing the demo works
   * it makes at the first start): the log shows it as the system's.
   */
  async recordSystemAction(executor: Executor, entry: LoggedAction): Promise<void> {
    await this.insert(executor, { actor: 'system', adminUserId: null }, entry);
  }

  /** A page of the log, newest first, with the number of entries the filter matches. */
  async list(filter: AdminLogFilter, pageNum: number, pageSize: number): Promise<{ rows: AdminActionRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.repository.list(filter, (pageNum - 1) * pageSize, pageSize),
      this.repository.count(filter),
    ]);
    return { rows, total };
  }

  private async insert(
    executor: Executor,
    by: { actor: 'admin'; adminUserId: number } | { actor: 'system'; adminUserId: null },
    entry: LoggedAction,
  ): Promise<void> {
    await this.repository.insert(executor, {
      ...by,
      ...entry,
      targetId: String(entry.targetId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }
}
