import type { AdminActionCode } from '@spatia/contract';
import type { Executor } from '../../db/database.js';
import type { AdminActionRow, AdminLogFilter, AdminLogRepository } from './admin-log.repository.js';

export type { AdminActionRow, AdminLogFilter } from './admin-log.repository.js';

export interface AdminActionEntry {
  adminUserId: number;
  action: AdminActionCode;
  /** What was acted on: `user`, `membershipVersion`, `membershipApplication`, `identityApplication`, `work`, `sensitiveWord`… */
  targetType: string;
  targetId: string | number;
  /** The state before and after, as plain JSON (null where there was none). */
  before?: unknown;
  after?: unknown;
}

/** Every admin action is recorded in the transaction that makes it, so the log cannot miss one. */
export class AdminLogService {
  constructor(private readonly repository: AdminLogRepository) {}

  async record(executor: Executor, entry: AdminActionEntry): Promise<void> {
    await this.repository.insert(executor, {
      ...entry,
      targetId: String(entry.targetId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  /** A page of the log, newest first, with the number of entries the filter matches. */
  async list(filter: AdminLogFilter, pageNum: number, pageSize: number): Promise<{ rows: AdminActionRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.repository.list(filter, (pageNum - 1) * pageSize, pageSize),
      this.repository.count(filter),
    ]);
    return { rows, total };
  }
}
