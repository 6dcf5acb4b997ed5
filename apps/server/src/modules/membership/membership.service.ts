import {
  MEMBERSHIP_COMPANY_NAME_MAX,
  MEMBERSHIP_LICENCE_IMAGES_MAX,
  MEMBERSHIP_PERSON_NAME_MAX,
  type AdminActionCode,
  type AdminLogState,
  type AdminMembershipApplication,
  type AdminMembershipVersion,
  type AdminMembershipVersionInput,
  type Language,
  type MembershipApplicationExtras,
  type MembershipApplicationItem,
  type MembershipApplicationStatus,
  type MembershipItem,
  type MembershipVersionDetail,
  type MembershipVersionItem,
  type MyMembership,
  type NotificationKind,
  type Page,
  type PermissionGroupNode,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import { fail, invalid } from '../../lib/app-error.js';
import type { AdminLogService } from '../admin-log/admin-log.service.js';
import { decidePending, type PendingReview } from '../admin-log/review-decision.js';
import type { Notice, NotificationsService } from '../notifications/notifications.service.js';
import type { AuthUser, UsersService } from '../users/users.service.js';
import { licenceHashOf, type LicenceImages } from './licence-images.js';
import type { ApplicationRow, MembershipRepository, MembershipRow, VersionWithGroups } from './membership.repository.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Where membership notices lead. */
export const MEMBERSHIP_PAGE_PATH = '/userInformation/vip';

type Actor = Pick<AuthUser, 'id' | 'uid' | 'phone'>;

/**
 * Membership versions (data an admin edits), applications for a free trial (spec 2.7, 5), the
 * memberships they give and their end. What a membership grants is read by the users module (the
 * version's permission groups join a user's effective permissions while the membership is active);
 * this module only starts and ends memberships and drops the user's cached info when it does.
 * Nothing here deletes what a user made: an ended membership only gates features again.
 */
export class MembershipService {
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

  // Public

  async listVersions(language: Language): Promise<MembershipVersionItem[]> {
    const versions = await this.repository.listVersions(true);
    return versions.map((version) => ({ id: version.id, identityName: nameOf(version, language) }));
  }

  async versionDetail(id: number, language: Language): Promise<MembershipVersionDetail> {
    const version = await this.repository.findVersion(id);
    if (!version?.visible) throw fail('membershipVersionUnavailable');
    const catalogue = await this.catalogue(language);
    return {
      id: version.id,
      identityName: nameOf(version, language),
      priceTags: version.priceTags.map((tag) => ({ label: language === 'zh' ? tag.labelZh : tag.labelEn, value: tag.value })),
      permGroups: catalogue.filter((group) => version.groupCodes.includes(group.groupCode)),
      monthlyPriceFen: version.monthlyPriceFen,
      trialDays: version.trialDays,
    };
  }

  // The applicant

  async uploadLicence(user: Actor, bytes: Buffer): Promise<{ url: string }> {
    return this.licences.upload(user, bytes);
  }

  /**
   * Spec 5's checks in its order (entity name; name and phone; version), then the licence, then what only
   * the server knows: the phone is the account's, the images are this user's uploads, the version is
   * offered, nothing waits for review and no free trial was had by this account or with these images.
   */
  async apply(user: Actor, versionId: number | undefined, jsonExtras: string | undefined): Promise<{ id: number }> {
    const extras = parseExtras(jsonExtras);
    if (!extras.companyName) throw fail('membershipCompanyNameMissing');
    if (!extras.name || !extras.phone) throw fail('membershipNameAndPhoneMissing');
    if (!versionId) throw fail('membershipVersionMissing');
    if (extras.licenceImages.length === 0) throw fail('membershipLicenceMissing');
    if (extras.companyName.length > MEMBERSHIP_COMPANY_NAME_MAX)
      throw invalid('companyName', 'maxLength', { limit: MEMBERSHIP_COMPANY_NAME_MAX });
    if (extras.name.length > MEMBERSHIP_PERSON_NAME_MAX) throw invalid('name', 'maxLength', { limit: MEMBERSHIP_PERSON_NAME_MAX });
    if (extras.licenceImages.length > MEMBERSHIP_LICENCE_IMAGES_MAX) {
      throw invalid('licenceImages', 'maximum', { limit: MEMBERSHIP_LICENCE_IMAGES_MAX });
    }
    if (extras.phone !== user.phone) throw fail('membershipPhoneMismatch');
    const images = await this.licences.resolve(user.uid, extras.licenceImages);
    if (!images) throw fail('membershipLicenceInvalid');
    const version = await this.repository.findVersion(versionId);
    if (!version?.visible) throw fail('membershipVersionUnavailable');
    if (await this.repository.findPendingApplicationOf(user.id)) throw fail('membershipApplicationPending');
    await this.assertNoTrial(
      user.id,
      images.map((image) => image.hash),
    );
    const details: MembershipApplicationExtras = {
      licenceImages: [...new Set(images.map((image) => image.path))],
      companyName: extras.companyName,
      name: extras.name,
      phone: extras.phone,
    };
    try {
      const id = await this.repository.insertApplication({ userId: user.id, versionId, details, licenceHash: images[0]!.hash });
      return { id };
    } catch (error) {
      // Two submissions at once: the partial unique index lets only one stay pending.
      if (isUniqueViolation(error)) throw fail('membershipApplicationPending');
      throw error;
    }
  }

  async mine(user: Actor, language: Language): Promise<MyMembership> {
    const [latest, applications, trial] = await Promise.all([
      this.repository.latestMembershipOf(user.id),
      this.repository.applicationsOf(user.id),
      this.repository.findTrial(user.id, []),
    ]);
    const versions = await this.versionsById([...applications.map((row) => row.versionId), ...(latest ? [latest.versionId] : [])]);
    return {
      current: latest ? membershipItem(latest, versions, language) : null,
      applications: await Promise.all(applications.map((row) => this.applicationItem(row, versions, language))),
      trialUsed: trial === 'user',
    };
  }

  /** The applicant takes back an application that still waits. */
  async withdraw(user: Actor, id: number): Promise<void> {
    await this.repository.db.transaction(async (tx) => {
      const row = await this.repository.lockApplication(id, tx);
      if (!row || row.userId !== user.id) throw fail('notFound');
      if (row.status !== 'pending') throw fail('membershipApplicationDecided');
      await this.repository.decideApplication(
        id,
        { status: 'withdrawn', reason: '', decidedByUserId: null, decidedAt: new Date(this.now()) },
        tx,
      );
    });
  }

  // The back office

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
    const versions = await this.versionsById(rows.map((row) => row.versionId));
    const people = await this.users.findPublicProfiles([
      ...rows.map((row) => row.userId),
      ...rows.flatMap((row) => (row.decidedByUserId ? [row.decidedByUserId] : [])),
    ]);
    const list = await Promise.all(
      rows.map(async (row) => ({
        ...(await this.applicationItem(row, versions, language)),
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
        notice: this.noticeOf(application.userId, 'membershipApproved', version, {
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
        notice: this.noticeOf(application.userId, 'membershipRejected', version, { reason: text }),
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
      await this.tell(tx, userId, 'membershipRevoked', version, { reason: text });
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

  /** The `membership.expire` job: ended memberships become expired, each holder is told. Answers how many. */
  async expireDue(): Promise<number> {
    const expired = await this.repository.db.transaction(async (tx) => {
      const rows = await this.repository.expireDue(new Date(this.now()), tx);
      const versions = await this.versionsById(
        rows.map((row) => row.versionId),
        tx,
      );
      for (const row of rows) {
        await this.tell(tx, row.userId, 'membershipExpired', versions.get(row.versionId), { endsAt: row.endsAt.getTime() });
      }
      return rows;
    });
    await Promise.all([...new Set(expired.map((row) => row.userId))].map((userId) => this.users.forgetCachedUser(userId)));
    return expired.length;
  }

  // Helpers

  /** A notice to a member or applicant, leading to their membership page; it names the version while the version exists. */
  private tell(
    tx: Transaction,
    userId: number,
    kind: NotificationKind,
    version: VersionWithGroups | undefined,
    params: Record<string, string | number>,
  ): Promise<void> {
    return this.notifications.notify(tx, this.noticeOf(userId, kind, version, params));
  }

  private noticeOf(
    userId: number,
    kind: NotificationKind,
    version: VersionWithGroups | undefined,
    params: Record<string, string | number>,
  ): Notice {
    return { userId, kind, params: { ...(version ? versionParams(version) : {}), ...params }, link: MEMBERSHIP_PAGE_PATH };
  }

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

  private async assertNoTrial(userId: number, hashes: string[]): Promise<void> {
    const used = await this.repository.findTrial(userId, hashes);
    if (used) throw fail(used === 'user' ? 'membershipTrialUsedByUser' : 'membershipTrialUsedByLicence');
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

  /** `executor`: the transaction the caller holds, if any (on PGlite a query beside it would wait for it forever). */
  private async versionsById(ids: readonly number[], executor?: Transaction): Promise<Map<number, VersionWithGroups>> {
    const unique = [...new Set(ids)];
    const versions = await Promise.all(unique.map((id) => this.repository.findVersion(id, executor)));
    return new Map(versions.flatMap((version) => (version ? [[version.id, version] as const] : [])));
  }

  private async applicationItem(
    row: ApplicationRow,
    versions: Map<number, VersionWithGroups>,
    language: Language,
  ): Promise<MembershipApplicationItem> {
    const version = versions.get(row.versionId);
    return {
      id: row.id,
      versionId: row.versionId,
      versionName: version ? nameOf(version, language) : '',
      status: row.status as MembershipApplicationStatus,
      reason: row.reason,
      companyName: row.details.companyName,
      name: row.details.name,
      phone: row.details.phone,
      licenceImages: await this.licences.links(row.details.licenceImages),
      createdAt: row.createdAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
    };
  }
}

function nameOf(version: { identityNameZh: string; identityNameEn: string }, language: Language): string {
  return language === 'zh' ? version.identityNameZh : version.identityNameEn;
}

/** What a notice names: the version in both languages, rendered in the reader's. */
function versionParams(version: VersionWithGroups): Record<string, string | number> {
  return { versionId: version.id, versionZh: version.identityNameZh, versionEn: version.identityNameEn };
}

function membershipItem(row: MembershipRow, versions: Map<number, VersionWithGroups>, language: Language): MembershipItem {
  const version = versions.get(row.versionId);
  return {
    id: row.id,
    versionId: row.versionId,
    versionName: version ? nameOf(version, language) : '',
    kind: row.kind as MembershipItem['kind'],
    status: row.status as MembershipItem['status'],
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
  };
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

/** The spec's serialised object, tolerant of the shapes clients send: `licenceImages`, `licenceImage` or `cover`. */
function parseExtras(jsonExtras: string | undefined): MembershipApplicationExtras {
  let value: unknown = {};
  if (jsonExtras !== undefined && jsonExtras.trim() !== '') {
    try {
      value = JSON.parse(jsonExtras);
    } catch {
      throw invalid('jsonExtras', 'invalid');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('jsonExtras', 'invalid');
  const record = value as Record<string, unknown>;
  const text = (key: string) =>
    typeof record[key] === 'string' ? record[key].trim() : typeof record[key] === 'number' ? String(record[key]) : '';
  const images = [record.licenceImages, record.licenceImage, record.cover].flatMap((entry) =>
    Array.isArray(entry)
      ? entry.filter((url): url is string => typeof url === 'string')
      : typeof entry === 'string'
        ? entry.split(',')
        : [],
  );
  return {
    companyName: text('companyName'),
    name: text('name'),
    phone: text('phone'),
    licenceImages: [...new Set(images.map((url) => url.trim()).filter(Boolean))],
  };
}
