import type { NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/index.js';
import { membershipNotice, versionsById } from './membership-views.js';
import type { MembershipRepository } from './membership.repository.js';

/** Membership's background work: the `membership.expire` job (every minute, docs/membership.md). */
export class MembershipJobs {
  constructor(
    private readonly repository: MembershipRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The `membership.expire` job: ended memberships become expired, each holder is told. Answers how many. */
  async expireDue(): Promise<number> {
    const expired = await this.repository.db.transaction(async (tx) => {
      const rows = await this.repository.expireDue(new Date(this.now()), tx);
      const versions = await versionsById(
        this.repository,
        rows.map((row) => row.versionId),
        tx,
      );
      for (const row of rows) {
        await this.notifications.notify(
          tx,
          membershipNotice(row.userId, 'membershipExpired', versions.get(row.versionId), { endsAt: row.endsAt.getTime() }),
        );
      }
      return rows;
    });
    await Promise.all([...new Set(expired.map((row) => row.userId))].map((userId) => this.users.forgetCachedUser(userId)));
    return expired.length;
  }
}
