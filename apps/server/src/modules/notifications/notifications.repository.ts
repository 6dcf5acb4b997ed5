import type { Executor } from '../../db/database.js';
import { notifications } from '../../db/schema/index.js';

export interface NewNotification {
  userId: number;
  kind: string;
  params: Record<string, string | number>;
  link: string;
}

/** The only place that reads and writes `notifications`. */
export class NotificationsRepository {
  async insert(executor: Executor, notification: NewNotification): Promise<void> {
    await executor.insert(notifications).values(notification);
  }
}
