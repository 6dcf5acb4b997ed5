import {
  isProvinceCode,
  provinceName,
  PROVINCE_CODES,
  SIGNING_SAMPLE_WORKS_MAX,
  type MySigning,
  type Page,
  type ProvinceCode,
  type ServicePartySummary,
  type SignedProviderItem,
  type SignedProviderStatus,
  type SigningApplicationItem,
  type SigningApplicationStatus,
  type SigningApplyRequest,
  type SigningAreasRequest,
} from '@spatia/contract';
import type { Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { fail } from '../../lib/app-error.js';
import type { AdminLogService } from '../admin-log/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { fileUrl } from '../uploads/index.js';
import type { UsersService } from '../users/index.js';
import type { Actor, WorksService } from '../works/index.js';
import type { SignedProviderRow, SigningApplicationRow, SigningRepository } from './signing.repository.js';

/** How many orders a provider holds, answered by the service-orders module (which signing cannot import). */
export type ProviderOrderCounts = (userIds: readonly number[]) => Promise<Map<number, { active: number; completed: number }>>;

/** A signed provider as other modules need them: active, with their provinces. */
export interface ActiveProvider {
  userId: number;
  provinceCodes: ProvinceCode[];
}

type PageQuery = { pageNum: number; pageSize: number };

/**
 * Signing (docs/service-orders.md "Signing"): a photographer applies with the provinces they serve, their
 * equipment, an intro and sample works of their own; an admin approves (the applicant becomes an active
 * signed provider for those provinces, replacing earlier areas) or rejects with a reason; an admin may
 * revoke a provider. One application waits per person (a unique index holds it under concurrency).
 */
export class SigningService {
  private orderCounts: ProviderOrderCounts = async () => new Map();

  constructor(
    private readonly repository: SigningRepository,
    private readonly users: UsersService,
    private readonly works: WorksService,
    private readonly notifications: NotificationsService,
    private readonly adminLog: AdminLogService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The service-orders module tells signing how to count a provider's orders. */
  countOrdersWith(counts: ProviderOrderCounts): void {
    this.orderCounts = counts;
  }

  /** The person's signing when it is active (areas to serve); undefined otherwise. */
  async activeProvider(userId: number, executor?: Executor): Promise<ActiveProvider | undefined> {
    const row = await this.repository.findProvider(userId, executor);
    return row?.status === 'active' ? { userId, provinceCodes: row.provinceCodes as ProvinceCode[] } : undefined;
  }

  /** The active providers serving a province (told when an order there opens). */
  async activeProviderIdsIn(provinceCode: string): Promise<number[]> {
    return this.repository.activeProviderIdsIn(provinceCode);
  }

  async mine(actor: Actor): Promise<MySigning> {
    const [application, provider] = await Promise.all([
      this.repository.latestApplicationOf(actor.id),
      this.repository.findProvider(actor.id),
    ]);
    return {
      application: application ? (await this.presentApplications([application]))[0]! : null,
      provider: provider ? (await this.presentProviders([provider]))[0]! : null,
    };
  }

  async apply(actor: Actor, request: SigningApplyRequest): Promise<SigningApplicationItem> {
    const { provinceCodes, equipment } = validAreas(request);
    const uids = [...new Set(request.sampleWorkUids)];
    if (uids.length === 0 || uids.length > SIGNING_SAMPLE_WORKS_MAX)
      throw fail('signingSampleWorksInvalid', { max: SIGNING_SAMPLE_WORKS_MAX });
    const sampleWorkIds: number[] = [];
    for (const uid of uids) {
      const work = await this.works.findByUid(uid);
      if (!work || work.ownerId !== actor.id || work.deletedAt) throw fail('signingSampleWorksInvalid', { max: SIGNING_SAMPLE_WORKS_MAX });
      sampleWorkIds.push(work.id);
    }
    const provider = await this.repository.findProvider(actor.id);
    if (provider?.status === 'active') throw fail('signingAlreadySigned');
    const row = await this.repository.db.transaction(async (tx) => {
      if (await this.repository.lockPendingOf(actor.id, tx)) throw fail('signingApplicationPending');
      try {
        return await this.repository.insertApplication(
          {
            applicantId: actor.id,
            provinceCodes,
            equipment,
            intro: request.intro.trim(),
            sampleWorkIds,
            createdAt: new Date(this.now()),
          },
          tx,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw fail('signingApplicationPending');
        throw error;
      }
    });
    return (await this.presentApplications([row]))[0]!;
  }

  /**
   * A signed provider changes the provinces they serve and their equipment (docs/service-orders.md
   * "Signing"), without a new application: the open orders they see and may take follow at once; orders
   * they already took stay theirs. Only while active (a revoked provider applies again).
   */
  async updateAreas(actor: Actor, request: SigningAreasRequest): Promise<MySigning> {
    const updated = await this.repository.updateActiveProvider(actor.id, validAreas(request), this.repository.db);
    if (!updated) throw fail('serviceProviderNotSigned');
    return this.mine(actor);
  }

  async withdraw(actor: Actor): Promise<SigningApplicationItem> {
    const row = await this.repository.db.transaction(async (tx) => {
      const pending = await this.repository.lockPendingOf(actor.id, tx);
      if (!pending) throw fail('signingApplicationNotPending');
      return this.repository.decide(pending.id, { status: 'withdrawn', reason: '', decidedAt: new Date(this.now()), decidedBy: null }, tx);
    });
    return (await this.presentApplications([row]))[0]!;
  }

  async applications(query: { status?: SigningApplicationStatus } & PageQuery): Promise<Page<SigningApplicationItem>> {
    const { rows, total } = await this.repository.listApplications(query.status, pageWindow(query));
    return { list: await this.presentApplications(rows), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async approve(admin: Actor, id: number): Promise<SigningApplicationItem> {
    const at = new Date(this.now());
    const row = await this.repository.db.transaction(async (tx) => {
      const application = await this.repository.lockApplication(id, tx);
      if (!application) throw fail('notFound');
      if (application.status !== 'pending') throw fail('signingApplicationNotPending');
      const decided = await this.repository.decide(id, { status: 'approved', reason: '', decidedAt: at, decidedBy: admin.id }, tx);
      await this.repository.upsertProvider(
        {
          userId: application.applicantId,
          provinceCodes: application.provinceCodes,
          equipment: application.equipment,
          applicationId: id,
          signedAt: at,
        },
        tx,
      );
      await this.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'signingApplication.approve',
        targetType: 'signingApplication',
        targetId: id,
        before: { status: 'pending', userId: application.applicantId },
        after: { status: 'approved', provinceCodes: application.provinceCodes.join(',') },
      });
      await this.notifications.notify(tx, {
        userId: application.applicantId,
        kind: 'signingApproved',
        params: {
          areasZh: application.provinceCodes.map((code) => provinceName(code, 'zh')).join('、'),
          areasEn: application.provinceCodes.map((code) => provinceName(code, 'en')).join(', '),
        },
        link: '/signed/index',
      });
      return decided;
    });
    return (await this.presentApplications([row]))[0]!;
  }

  async reject(admin: Actor, id: number, reason: string): Promise<SigningApplicationItem> {
    const why = reason.trim();
    if (!why) throw fail('serviceReasonMissing');
    const row = await this.repository.db.transaction(async (tx) => {
      const application = await this.repository.lockApplication(id, tx);
      if (!application) throw fail('notFound');
      if (application.status !== 'pending') throw fail('signingApplicationNotPending');
      const decided = await this.repository.decide(
        id,
        { status: 'rejected', reason: why, decidedAt: new Date(this.now()), decidedBy: admin.id },
        tx,
      );
      await this.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'signingApplication.reject',
        targetType: 'signingApplication',
        targetId: id,
        before: { status: 'pending', userId: application.applicantId },
        after: { status: 'rejected', reason: why },
      });
      await this.notifications.notify(tx, {
        userId: application.applicantId,
        kind: 'signingRejected',
        params: { reason: why },
        link: '/signed/index',
      });
      return decided;
    });
    return (await this.presentApplications([row]))[0]!;
  }

  async providers(query: { status?: SignedProviderStatus; provinceCode?: string } & PageQuery): Promise<Page<SignedProviderItem>> {
    if (query.provinceCode && !isProvinceCode(query.provinceCode)) throw fail('serviceProvinceInvalid');
    const { rows, total } = await this.repository.listProviders(query, pageWindow(query));
    return { list: await this.presentProviders(rows), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async revoke(admin: Actor, uid: string, reason: string): Promise<SignedProviderItem> {
    const why = reason.trim();
    if (!why) throw fail('serviceReasonMissing');
    const userId = await this.users.findIdByUid(uid);
    if (userId === undefined) throw fail('notFound');
    const row = await this.repository.db.transaction(async (tx) => {
      const provider = await this.repository.lockProvider(userId, tx);
      if (!provider) throw fail('notFound');
      if (provider.status !== 'active') throw fail('signingProviderNotActive');
      const revoked = await this.repository.revokeProvider(userId, why, new Date(this.now()), tx);
      await this.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'signedProvider.revoke',
        targetType: 'user',
        targetId: userId,
        before: { status: 'active' },
        after: { status: 'revoked', reason: why },
      });
      await this.notifications.notify(tx, { userId, kind: 'signingRevoked', params: { reason: why }, link: '/signed/index' });
      return revoked;
    });
    return (await this.presentProviders([row]))[0]!;
  }

  private async presentApplications(rows: readonly SigningApplicationRow[]): Promise<SigningApplicationItem[]> {
    const [people, works] = await Promise.all([
      this.users.findPublicProfiles(rows.map((row) => row.applicantId)),
      this.works.findByIds(rows.flatMap((row) => row.sampleWorkIds)),
    ]);
    return rows.map((row) => ({
      id: row.id,
      applicant: party(people.get(row.applicantId)),
      provinceCodes: row.provinceCodes as ProvinceCode[],
      equipment: row.equipment,
      intro: row.intro,
      sampleWorks: row.sampleWorkIds.flatMap((id) => {
        const work = works.get(id);
        return work && !work.deletedAt ? [{ uid: work.uid, name: work.name, coverUrl: fileUrl(work.coverKey) }] : [];
      }),
      status: row.status,
      reason: row.reason,
      createdAt: row.createdAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
    }));
  }

  private async presentProviders(rows: readonly SignedProviderRow[]): Promise<SignedProviderItem[]> {
    const ids = rows.map((row) => row.userId);
    const [people, counts] = await Promise.all([this.users.findPublicProfiles(ids), this.orderCounts(ids)]);
    return rows.map((row) => ({
      provider: party(people.get(row.userId)),
      provinceCodes: row.provinceCodes as ProvinceCode[],
      equipment: row.equipment,
      status: row.status,
      signedAt: row.signedAt.getTime(),
      revokedAt: row.revokedAt?.getTime() ?? null,
      revokeReason: row.revokeReason,
      activeOrders: counts.get(row.userId)?.active ?? 0,
      completedOrders: counts.get(row.userId)?.completed ?? 0,
    }));
  }
}

function party(profile: ServicePartySummary | undefined): ServicePartySummary {
  return profile ? { uid: profile.uid, name: profile.name, avatarUrl: profile.avatarUrl } : { uid: '', name: '', avatarUrl: '' };
}

function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize };
}

/** Province codes in the contract's order. */
function sortCodes(codes: readonly string[]): string[] {
  return PROVINCE_CODES.filter((code) => codes.includes(code));
}

/** The provinces (each once, in code order) and the equipment an application or a provider's change asks for, checked. */
function validAreas(request: { provinceCodes: readonly string[]; equipment: string }): { provinceCodes: string[]; equipment: string } {
  const provinceCodes = [...new Set(request.provinceCodes)];
  if (provinceCodes.length === 0 || !provinceCodes.every(isProvinceCode)) throw fail('signingAreasInvalid');
  const equipment = request.equipment.trim();
  if (!equipment) throw fail('signingEquipmentMissing');
  return { provinceCodes: sortCodes(provinceCodes), equipment };
}
