import type { NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/index.js';
import { membershipNotice, versionsById } from './membership-views.js';
import type { MembershipPayments } from './membership-payments.js';
import type { MembershipRepository } from './membership.repository.js';

/** Membership's background work: the `membership.expire` job (every minute, docs/membership.md "Jobs"). */
export class MembershipJobs {
  constructor(
    private readonly repository: MembershipRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly payments: MembershipPayments,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * One run, in this order: automatic renewals whose period ended, reminders before an end, the grace
   * notice after one, then the expiry of memberships past their grace. Each step marks what it did on the
   * membership, so a run repeated, or two at once, tells and renews nothing twice.
   */
  async run(): Promise<{ renewed: number; reminded: number; inGrace: number; expired: number }> {
    const renewed = await this.payments.autoRenewDue();
    const reminded = await this.payments.remindDue();
    const inGrace = await this.payments.tellGraceDue();
    const expired = await this.expireDue();
    return { renewed, reminded, inGrace, expired };
  }

  /** Memberships past their end and grace period become expired, each holder is told. Answers how many. */
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
