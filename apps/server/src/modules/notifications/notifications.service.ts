import { NOTIFICATION_RETENTION_DAYS, type NotificationItem, type NotificationKind, type NotificationPage } from '@spatia/contract';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.js';

export interface Notice {
  userId: number;
  kind: NotificationKind;
  /** Values the kind's message names (a work's name, a reason); rendered in the reader's language. */
  params?: Record<string, string | number>;
  /** Where the notice leads in the web app (a path), if anywhere. */
  link?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one statement of the prune deletes, so the daily job never holds a long lock. */
const PRUNE_BATCH = 5000;

/**
 * The inbox behind the bell. Other modules call `notify` inside the transaction of the change the
 * notice reports, so a notice exists exactly when its cause does (docs/notifications.md).
 */
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async notify(executor: Executor, notice: Notice): Promise<void> {
    await this.repository.insert(executor, {
      userId: notice.userId,
      kind: notice.kind,
      params: notice.params ?? {},
      link: notice.link ?? '',
    });
  }

  /**
   * The notice of each row of the caller's CTE `source`, as a common table expression for the caller's
   * own statement (a payment booked in one round trip): `userId` and `params` are expressions over it.
   */
  noticesFrom(source: SQL, notice: { userId: SQL; kind: NotificationKind; params: SQL; link: string }): SQL {
    return this.repository.insertCte(source, notice);
  }

  async list(userId: number, options: { unreadOnly: boolean; pageNum: number; pageSize: number }): Promise<NotificationPage> {
    const { pageNum, pageSize } = options;
    const [{ rows, total }, unread] = await Promise.all([
      this.repository.list(userId, options.unreadOnly, pageSize, (pageNum - 1) * pageSize),
      this.repository.countUnread(userId),
    ]);
    return { list: rows.map(toItem), total, pageNum, pageSize, unread };
  }

  async unreadCount(userId: number): Promise<number> {
    return this.repository.countUnread(userId);
  }

  /** Reading a notice twice is fine; someone else's notice does not exist for the caller. */
  async markRead(userId: number, id: number): Promise<number> {
    if (!(await this.repository.markRead(userId, id, new Date(this.now())))) throw fail('notFound');
    return this.repository.countUnread(userId);
  }

  async markAllRead(userId: number): Promise<number> {
    await this.repository.markAllRead(userId, new Date(this.now()));
    return 0;
  }

  /** The daily job: read notices older than the retention period go; unread ones stay. Answers how many went. */
  async pruneRead(): Promise<number> {
    const cutoff = new Date(this.now() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
    let deleted = 0;
    for (;;) {
      const batch = await this.repository.deleteReadBefore(cutoff, PRUNE_BATCH);
      deleted += batch;
      if (batch < PRUNE_BATCH) return deleted;
    }
  }
}

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    params: row.params,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.getTime(),
  };
}
