import { and, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { pageOfRows } from '../../db/page-of-rows.js';
import { HotQueries } from '../../db/hot-query.js';
import { notifications } from './notifications.tables.js';

export interface NewNotification {
  userId: number;
  kind: string;
  params: Record<string, string | number>;
  link: string;
}

export type NotificationRow = typeof notifications.$inferSelect;

/** The only place that reads and writes `notifications`. */
export class NotificationsRepository {
  private readonly hot: HotQueries;

  constructor(readonly db: Db) {
    this.hot = new HotQueries(db);
  }

  async insert(executor: Executor, notification: NewNotification): Promise<void> {
    await executor.insert(notifications).values(notification);
  }

  /** A common table expression that inserts a notice per row of the caller's CTE `source`. */
  insertCte(source: SQL, notice: { userId: SQL; kind: string; params: SQL; link: string }): SQL {
    return sql`notices_added as (
        insert into ${notifications} (user_id, kind, params, link)
        select ${notice.userId}, ${notice.kind}, ${notice.params}, ${notice.link} from ${source}
      )`;
  }

  /** A page of one user's notices, newest first, and how many match. */
  async list(userId: number, unreadOnly: boolean, limit: number, offset: number): Promise<{ rows: NotificationRow[]; total: number }> {
    const where = unreadOnly ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);
    const order = [desc(notifications.createdAt), desc(notifications.id)];
    return pageOfRows(this.db, { table: notifications, where, order }, { limit, offset });
  }

  /**
   * The bell's number, polled by every open page: one prepared statement that the partial index
   * `notifications_unread` answers without reading read notices.
   */
  async countUnread(userId: number): Promise<number> {
    const [row] = await this.hot.run<{ unread: number | string }>(
      'notifications unread',
      () =>
        sql`select count(*) as unread from ${notifications} where ${notifications.userId} = ${sql.placeholder('userId')} and ${notifications.readAt} is null`,
      { userId },
    );
    return Number(row?.unread ?? 0);
  }

  /** Marks one of the user's notices read (keeping the first reading time); false when the user has no such notice. */
  async markRead(userId: number, id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  async markAllRead(userId: number, at: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** Deletes up to `limit` read notices created before `cutoff`; answers how many went. */
  async deleteReadBefore(cutoff: Date, limit: number): Promise<number> {
    const batch = this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(isNotNull(notifications.readAt), lt(notifications.createdAt, cutoff)))
      .limit(limit);
    const rows = await this.db.delete(notifications).where(inArray(notifications.id, batch)).returning({ id: notifications.id });
    return rows.length;
  }
}
