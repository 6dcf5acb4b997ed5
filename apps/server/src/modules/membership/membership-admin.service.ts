import {
  type AdminActionCode,
  type AdminLogState,
  type AdminMembershipApplication,
  type AdminMembershipVersion,
  type AdminMembershipVersionInput,
  type Language,
  type MembershipApplicationStatus,
  type Page,
  type PermissionGroupNode,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import { fail, invalid } from '../../lib/app-error.js';
import type { AdminLogService } from '../admin-log/index.js';
import { decidePending, type PendingReview } from '../admin-log/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/index.js';
import { licenceHashOf, type LicenceImages } from './licence-images.js';
import { applicationItem, membershipNotice, versionsById, type Actor } from './membership-views.js';
import type { ApplicationRow, MembershipRepository, VersionWithGroups } from './membership.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The back office's side of membership: the versions an admin edits, the review of applications for a
 * free trial (approve, reject) and revoking a membership. Every change is in the admin log.
 */
export class MembershipAdminService {
  constructor(
    private readonly repository: MembershipRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly adminLog: AdminLogService,
    private readonly licences: LicenceImages,
    /** The permission catalogue as a tree (the access module's). */
    private readonly catalogue: (language: Language) => Promise<PermissionGroupNode[]>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async adminVersions(): Promise<AdminMembershipVersion[]> {
    const versions = await this.repository.listVersions(false);
    const usage = await this.repository.versionUsage(versions.map((version) => version.id));
    return versions.map((version) => adminVersion(version, usage.get(version.id)));
  }

  async createVersion(admin: Actor, input: AdminMembershipVersionInput): Promise<AdminMembershipVersion> {
    const { fields, groupCodes } = await this.checkVersionInput(input);
    const id = await this.repository.db.transaction(async (tx) => {
      const created = await this.repository.insertVersion(fields, groupCodes, tx);
      await this.logVersionChange(tx, admin, 'membershipVersion.create', created, undefined, { ...fields, groupCodes });
      return created;
    });
    return this.adminVersion(id);
  }

  async updateVersion(admin: Actor, id: number, input: AdminMembershipVersionInput): Promise<AdminMembershipVersion> {
    const { fields, groupCodes } = await this.checkVersionInput(input);
    const affected = await this.repository.db.transaction(async (tx) => {
      const before = await this.lockedVersion(id, tx);
      await this.repository.updateVersion(id, fields, groupCodes, tx);
      await this.logVersionChange(tx, admin, 'membershipVersion.update', id, before, { ...fields, groupCodes });
      return before && sameCodes(before.groupCodes, groupCodes) ? [] : this.repository.activeHolders(id, tx);
    });
    // The version's groups are part of its holders' permissions: they change at once.
    await Promise.all(affected.map((userId) => this.users.forgetCachedUser(userId)));
    return this.adminVersion(id);
  }

  /** Refused while anyone holds the version or waits for it; hidden when past rows name it; deleted otherwise. */
  async removeVersion(admin: Actor, id: number): Promise<{ outcome: 'deleted' | 'hidden' }> {
    return this.repository.db.transaction(async (tx) => {
      const before = await this.lockedVersion(id, tx);
      const usage = (await this.repository.versionUsage([id], tx)).get(id)!;
      if (usage.activeMembers > 0 || usage.pendingApplications > 0) throw fail('membershipVersionInUse');
      const outcome = usage.referenced ? 'hidden' : 'deleted';
      if (outcome === 'hidden') await this.repository.hideVersion(id, tx);
      else await this.repository.deleteVersion(id, tx);
      await this.logVersionChange(tx, admin, 'membershipVersion.delete', id, before, outcome === 'hidden' ? { visible: false } : null);
      return { outcome };
    });
  }

  /** Applications waiting for a decision (the back office's overview). */
  async pendingCount(): Promise<number> {
    return (await this.repository.listApplications('pending', 1, 0)).total;
  }

  async adminApplications(
    status: MembershipApplicationStatus | undefined,
    pageNum: number,
    pageSize: number,
    language: Language,
  ): Promise<Page<AdminMembershipApplication>> {
    const { rows, total } = await this.repository.listApplications(status, pageSize, (pageNum - 1) * pageSize);
    const versions = await versionsById(
      this.repository,
      rows.map((row) => row.versionId),
    );
    const people = await this.users.findPublicProfiles([
      ...rows.map((row) => row.userId),
      ...rows.flatMap((row) => (row.decidedByUserId ? [row.decidedByUserId] : [])),
    ]);
    const list = await Promise.all(
      rows.map(async (row) => ({
        ...(await applicationItem(this.licences, row, versions, language)),
        applicant: people.get(row.userId) ?? { uid: '', name: '', avatarUrl: '' },
        decidedBy: row.decidedByUserId ? (people.get(row.decidedByUserId)?.name ?? null) : null,
      })),
    );
    return { list, total, pageNum, pageSize };
  }

  /**
   * Gives the version for its trial length and records the trial, in one transaction with the decision,
   * the notice and the log. An active membership the user holds ends (revoked) in the same transaction.
   * Paid months arrive with payments (a later issue): there, a paid order will start a 'paid' membership.
   */
  async approve(admin: Actor, id: number): Promise<{ membershipId: number; endsAt: number }> {
    const at = new Date(this.now());
    const { userId, result } = await this.decideApplication(admin, id, async (application, tx) => {
      const version = await this.repository.findVersion(application.versionId, tx);
      if (!version) throw fail('membershipVersionUnavailable');
      if (version.trialDays <= 0) throw fail('membershipNoTrial');
      const hashes = this.applicationHashes(application);
      const used = await this.repository.findTrial(application.userId, hashes, tx);
      if (used) throw fail(used === 'user' ? 'membershipTrialUsedByUser' : 'membershipTrialUsedByLicence');
      const previous = await this.repository.lockActiveMembership(application.userId, tx);
      if (previous) await this.repository.endMembership(previous.id, 'revoked', at, tx);
      const membership = await this.repository.insertMembership(
        {
          userId: application.userId,
          versionId: version.id,
          applicationId: application.id,
          kind: 'trial',
          startsAt: at,
          endsAt: new Date(at.getTime() + version.trialDays * DAY_MS),
        },
        tx,
      );
      await this.repository.insertTrial(application.userId, application.licenceHash, tx);
      await this.repository.decideApplication(id, { status: 'approved', reason: '', decidedByUserId: admin.id, decidedAt: at }, tx);
      return {
        result: { userId: application.userId, result: { membershipId: membership.id, endsAt: membership.endsAt.getTime() } },
        notice: membershipNotice(application.userId, 'membershipApproved', version, {
          days: version.trialDays,
          endsAt: membership.endsAt.getTime(),
        }),
        log: {
          action: 'membershipApplication.approve',
          targetType: 'membershipApplication',
          targetId: id,
          before: { status: 'pending', replacedMembershipId: previous?.id ?? null },
          after: {
            status: 'approved',
            membershipId: membership.id,
            kind: 'trial',
            versionId: version.id,
            endsAt: membership.endsAt.toISOString(),
          },
        },
      };
    });
    await this.users.forgetCachedUser(userId);
    return result;
  }

  async reject(admin: Actor, id: number, reason: string): Promise<void> {
    const text = reason.trim();
    if (!text) throw invalid('reason', 'required');
    await this.decideApplication(admin, id, async (application, tx) => {
      const version = await this.repository.findVersion(application.versionId, tx);
      await this.repository.decideApplication(
        id,
        { status: 'rejected', reason: text, decidedByUserId: admin.id, decidedAt: new Date(this.now()) },
        tx,
      );
      return {
        result: undefined,
        notice: membershipNotice(application.userId, 'membershipRejected', version, { reason: text }),
        log: {
          action: 'membershipApplication.reject',
          targetType: 'membershipApplication',
          targetId: id,
          before: { status: 'pending' },
          after: { status: 'rejected', reason: text },
        },
      };
    });
  }

  async revoke(admin: Actor, userUid: string, reason: string): Promise<void> {
    const text = reason.trim();
    if (!text) throw invalid('reason', 'required');
    const userId = await this.users.findIdByUid(userUid);
    if (userId === undefined) throw fail('notFound');
    await this.repository.db.transaction(async (tx) => {
      const membership = await this.repository.lockActiveMembership(userId, tx);
      if (!membership) throw fail('membershipNotActive');
      const at = new Date(this.now());
      await this.repository.endMembership(membership.id, 'revoked', at, tx);
      const version = await this.repository.findVersion(membership.versionId, tx);
      await this.notifications.notify(tx, membershipNotice(userId, 'membershipRevoked', version, { reason: text }));
      await this.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'membership.revoke',
        targetType: 'user',
        targetId: userUid,
        before: { membershipId: membership.id, status: 'active', endsAt: membership.endsAt.toISOString() },
        after: { status: 'revoked', reason: text, endsAt: at.toISOString() },
      });
    });
    await this.users.forgetCachedUser(userId);
  }

  // Helpers

  /** A decision on a pending application, which is locked for it; a decided one is refused. */
  private decideApplication<Result>(admin: Actor, id: number, decide: PendingReview<ApplicationRow, Result>['decide']): Promise<Result> {
    return decidePending({ db: this.repository.db, notifications: this.notifications, adminLog: this.adminLog }, admin, {
      lock: (tx) => this.repository.lockApplication(id, tx),
      isPending: (application) => application.status === 'pending',
      alreadyDecided: 'membershipApplicationDecided',
      decide,
    });
  }

  /** Locks the version for the rest of the transaction and reads it; refused as not found when there is none. */
  private async lockedVersion(id: number, tx: Transaction): Promise<VersionWithGroups | undefined> {
    if (!(await this.repository.lockVersion(id, tx))) throw fail('notFound');
    return this.repository.findVersion(id, tx);
  }

  /** The admin log's entry for a change of a version: its fields before (none for a new one) and after. */
  private logVersionChange(
    tx: Transaction,
    admin: Actor,
    action: Extract<AdminActionCode, `membershipVersion.${string}`>,
    id: number,
    before: VersionWithGroups | undefined,
    after: AdminLogState | null,
  ): Promise<void> {
    return this.adminLog.record(tx, {
      adminUserId: admin.id,
      action,
      targetType: 'membershipVersion',
      targetId: id,
      before: before && versionFields(before),
      after,
    });
  }

  /** Every image's hash (the first one is the application's licence hash). */
  private applicationHashes(application: ApplicationRow): string[] {
    const hashes = application.details.licenceImages.flatMap((path) => licenceHashOf(path) ?? []);
    return [...new Set([application.licenceHash, ...hashes])];
  }

  private async checkVersionInput(input: AdminMembershipVersionInput) {
    const groupCodes = [...new Set(input.groupCodes)];
    const known = new Set((await this.catalogue('en')).map((group) => group.groupCode));
    const unknown = groupCodes.filter((code) => !known.has(code));
    if (unknown.length > 0) throw invalid('groupCodes', 'enum', { allowed: [...known].join(', ') });
    const identityNameZh = input.identityNameZh.trim();
    const identityNameEn = input.identityNameEn.trim();
    if (!identityNameZh) throw invalid('identityNameZh', 'required');
    if (!identityNameEn) throw invalid('identityNameEn', 'required');
    return {
      groupCodes,
      fields: {
        identityNameZh,
        identityNameEn,
        priceTags: input.priceTags.map((tag) => ({ labelZh: tag.labelZh.trim(), labelEn: tag.labelEn.trim(), value: tag.value.trim() })),
        monthlyPriceFen: input.monthlyPriceFen,
        trialDays: input.trialDays,
        sortOrder: input.sortOrder,
        visible: input.visible,
      },
    };
  }

  private async adminVersion(id: number): Promise<AdminMembershipVersion> {
    const version = await this.repository.findVersion(id);
    if (!version) throw fail('notFound');
    const usage = await this.repository.versionUsage([id]);
    return adminVersion(version, usage.get(id));
  }
}

function versionFields(version: VersionWithGroups) {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = version;
  return fields;
}

function adminVersion(
  version: VersionWithGroups,
  usage: { activeMembers: number; pendingApplications: number } | undefined,
): AdminMembershipVersion {
  return {
    id: version.id,
    identityNameZh: version.identityNameZh,
    identityNameEn: version.identityNameEn,
    priceTags: version.priceTags,
    groupCodes: version.groupCodes,
    monthlyPriceFen: version.monthlyPriceFen,
    trialDays: version.trialDays,
    sortOrder: version.sortOrder,
    visible: version.visible,
    activeMembers: usage?.activeMembers ?? 0,
    pendingApplications: usage?.pendingApplications ?? 0,
  };
}

function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}
