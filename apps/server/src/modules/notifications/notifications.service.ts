import type { NotificationKind } from '@spatia/contract';
import type { Executor } from '../../db/database.js';
import type { NotificationsRepository } from './notifications.repository.js';

export interface Notice {
  userId: number;
  kind: NotificationKind;
  /** Values the kind's message names (a work's name, a reason); rendered in the reader's language. */
  params?: Record<string, string | number>;
  /** Where the notice leads in the web app (a path), if anywhere. */
  link?: string;
}

/**
 * The inbox behind the bell. Other modules call `notify` inside the transaction of the change the
 * notice reports, so a notice exists exactly when its cause does.
 */
export class NotificationsService {
  constructor(private readonly repository: NotificationsRepository) {}

  async notify(executor: Executor, notice: Notice): Promise<void> {
    await this.repository.insert(executor, {
      userId: notice.userId,
      kind: notice.kind,
      params: notice.params ?? {},
      link: notice.link ?? '',
    });
  }
}
