import {
  MEMBERSHIP_COMPANY_NAME_MAX,
  MEMBERSHIP_LICENCE_IMAGES_MAX,
  MEMBERSHIP_PERSON_NAME_MAX,
  type AdminMembershipApplication,
  type AdminMembershipVersion,
  type AdminMembershipVersionInput,
  type Language,
  type MembershipApplicationExtras,
  type MembershipApplicationStatus,
  type MembershipVersionDetail,
  type MembershipItem,
  type MembershipRenewal,
  type MembershipRenewalRequest,
  type MembershipVersionItem,
  type MyMembership,
  type Page,
  type PermissionGroupNode,
} from '@spatia/contract';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { fail, invalid } from '../../lib/app-error.js';
import type { BusinessCalendar } from '../../lib/business-time.js';
import type { Logger } from '../../lib/logger.js';
import type { AdminLogService } from '../admin-log/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RechargeService } from '../recharge/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/index.js';
import type { LicenceImages } from './licence-images.js';
import { MembershipAdminService } from './membership-admin.service.js';
import { applicationItem, membershipItem, nameOf, versionsById, type Actor } from './membership-views.js';
import { MembershipJobs } from './membership.jobs.js';
import { MembershipPayments } from './membership-payments.js';
import type { MembershipRepository } from './membership.repository.js';

export { MEMBERSHIP_PAGE_PATH } from './membership-views.js';

/**
 * Membership for the people who hold it: the versions on offer, applying for a free trial (spec 2.7,
 * 5), one's own membership and applications. The back office (membership-admin.service.ts) and the
 * expiry job (membership.jobs.ts) are apart; this service still answers for them. What a membership grants is read by the users module (the
 * version's permission groups join a user's effective permissions while the membership is active);
 * this module only starts and ends memberships and drops the user's cached info when it does.
 * Nothing here deletes what a user made: an ended membership only gates features again.
 */
export class MembershipService {
  constructor(
    private readonly repository: MembershipRepository,
    users: UsersService,
    notifications: NotificationsService,
    adminLog: AdminLogService,
    private readonly licences: LicenceImages,
    /** The permission catalogue as a tree (the access module's). */
    private readonly catalogue: (language: Language) => Promise<PermissionGroupNode[]>,
    paying: { ledger: LedgerService; recharge: RechargeService; calendar: BusinessCalendar; log: Pick<Logger, 'error' | 'warn' | 'info'> },
    private readonly now: () => number = () => Date.now(),
  ) {
    this.admin = new MembershipAdminService(repository, users, notifications, adminLog, licences, catalogue, now);
    this.payments = new MembershipPayments(
      repository,
      users,
      notifications,
      paying.ledger,
      paying.recharge,
      paying.calendar,
      paying.log,
      now,
    );
    this.jobs = new MembershipJobs(repository, users, notifications, this.payments, now);
    // A paid payment order of kind `membership` renews the membership (docs/payments.md "Fulfilment").
    paying.recharge.fulfilWith('membership', this.payments.fulfilOrder);
  }

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
    const versions = await versionsById(this.repository, [
      ...applications.map((row) => row.versionId),
      ...(latest ? [latest.versionId] : []),
    ]);
    const [renewal, payments] = await Promise.all([
      this.payments.renewalOptions(user.id, latest, language),
      this.payments.latestPayments(user.id, language),
    ]);
    return {
      current: latest ? membershipItem(latest, versions, language) : null,
      applications: await Promise.all(applications.map((row) => applicationItem(this.licences, row, versions, language))),
      trialUsed: trial === 'user',
      renewal,
      payments,
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

  // The back office and the job, apart (membership-admin.service.ts, membership.jobs.ts); the routes and the
  // app still reach them through this service.

  readonly admin: MembershipAdminService;
  readonly jobs: MembershipJobs;
  /** Renewals, auto-renew and the membership payments (membership-payments.ts). */
  readonly payments: MembershipPayments;

  renew(
    user: Actor,
    request: MembershipRenewalRequest,
    idempotencyKey: string | undefined,
    language: Language,
  ): Promise<MembershipRenewal> {
    return this.payments.renew(user, request, idempotencyKey, language);
  }

  setAutoRenew(user: Actor, autoRenew: boolean, language: Language): Promise<MembershipItem> {
    return this.payments.setAutoRenew(user, autoRenew, language);
  }

  adminVersions(): Promise<AdminMembershipVersion[]> {
    return this.admin.adminVersions();
  }

  createVersion(admin: Actor, input: AdminMembershipVersionInput): Promise<AdminMembershipVersion> {
    return this.admin.createVersion(admin, input);
  }

  updateVersion(admin: Actor, id: number, input: AdminMembershipVersionInput): Promise<AdminMembershipVersion> {
    return this.admin.updateVersion(admin, id, input);
  }

  removeVersion(admin: Actor, id: number): Promise<{ outcome: 'deleted' | 'hidden' }> {
    return this.admin.removeVersion(admin, id);
  }

  pendingCount(): Promise<number> {
    return this.admin.pendingCount();
  }

  adminApplications(
    status: MembershipApplicationStatus | undefined,
    pageNum: number,
    pageSize: number,
    language: Language,
  ): Promise<Page<AdminMembershipApplication>> {
    return this.admin.adminApplications(status, pageNum, pageSize, language);
  }

  approve(admin: Actor, id: number): Promise<{ membershipId: number; endsAt: number }> {
    return this.admin.approve(admin, id);
  }

  reject(admin: Actor, id: number, reason: string): Promise<void> {
    return this.admin.reject(admin, id, reason);
  }

  revoke(admin: Actor, userUid: string, reason: string): Promise<void> {
    return this.admin.revoke(admin, userUid, reason);
  }

  expireDue(): Promise<number> {
    return this.jobs.expireDue();
  }

  /** The `membership.expire` job's run: automatic renewals, reminders, grace notices, expiry. */
  runJob(): ReturnType<MembershipJobs['run']> {
    return this.jobs.run();
  }

  // Helpers

  private async assertNoTrial(userId: number, hashes: string[]): Promise<void> {
    const used = await this.repository.findTrial(userId, hashes);
    if (used) throw fail(used === 'user' ? 'membershipTrialUsedByUser' : 'membershipTrialUsedByLicence');
  }
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
