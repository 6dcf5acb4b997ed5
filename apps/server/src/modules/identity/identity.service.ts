import {
  IDENTITY_REASON_MAX,
  identityFieldsOf,
  type IdentityApplicationItem,
  type IdentityBadge,
  type IdentityKindDetail,
  type IdentityRecord,
  type IdentityRecordStatus,
  type Language,
  type Page,
} from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail, invalid } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import { takeImage } from '../../lib/image-intake.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AdminLogService } from '../admin-log/index.js';
import { decidePending } from '../admin-log/index.js';
import type { SensitiveWordsService } from '../sensitive-words/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { FILES_PREFIX, type FileUrlSigner } from '../uploads/index.js';
import type { AuthUser, UsersService } from '../users/index.js';
import { plainText, readExtras } from './identity-extras.js';
import type { ApprovedIdentityRow, IdentityKindRow, IdentityRecordRow, IdentityRepository } from './identity.repository.js';

/** Who acts: the signed-in user (their id and uid). */
export type Actor = Pick<AuthUser, 'id' | 'uid'>;

/** A user's approved identities are cached this long; a decision or a withdrawal drops the entry at once. */
const BADGES_TTL_SECONDS = 60;
/** Business card uploads per user and hour. */
const CARD_UPLOADS_PER_HOUR = 20;
/** Business cards are private: stored under `assets/`, which `/files/*` opens only with a signed link. */
const CARD_FOLDER = 'assets/identity';

type StoredBadge = Omit<ApprovedIdentityRow, 'userId'>;

const badgesKey = (userId: number) => `identity-badges:${userId}`;
const nameOf = (kind: { nameZh: string; nameEn: string }, language: Language) => (language === 'zh' ? kind.nameZh : kind.nameEn);

/**
 * Identity authentication: the kinds a person can prove, their applications with a business card, the
 * admins' decisions, and the badges approved identities put beside a person's name (docs/identity.md).
 */
export class IdentityService {
  constructor(
    private readonly repository: IdentityRepository,
    private readonly deps: {
      users: UsersService;
      storage: StorageDriver;
      privateFiles: FileUrlSigner;
      cache: Cache;
      rateLimiter: RateLimiter;
      sensitiveWords: SensitiveWordsService;
      notifications: NotificationsService;
      adminLog: AdminLogService;
    },
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The shown kinds among `ids`, in the order given (unknown and hidden ones left out), with the reader's latest record of each. */
  async kindDetails(ids: readonly number[], reader: Actor | undefined, language: Language): Promise<IdentityKindDetail[]> {
    const unique = [...new Set(ids)];
    const kinds = new Map((await this.repository.findKinds(unique)).filter((kind) => kind.visible).map((kind) => [kind.id, kind]));
    const records = reader ? await this.repository.latestRecords(reader.id, [...kinds.keys()]) : [];
    const recordOf = new Map(records.map((record) => [record.identityId, record]));
    const details: IdentityKindDetail[] = [];
    for (const id of unique) {
      const kind = kinds.get(id);
      if (!kind) continue;
      const record = recordOf.get(id);
      details.push({ ...this.presentKind(kind, language), record: record ? await this.presentRecord(record) : null });
    }
    return details;
  }

  async kindDetail(id: number, reader: Actor | undefined, language: Language): Promise<IdentityKindDetail> {
    const [detail] = await this.kindDetails([id], reader, language);
    if (!detail) throw fail('notFound');
    return detail;
  }

  /**
   * Stores a business card image: the type is read from the bytes, the picture re-encoded (dropping
   * metadata and anything hidden in it) under a content address in the user's own folder. Answers a
   * link that opens for an hour; `applyIdentity` takes it back.
   */
  async storeBusinessCard(actor: Actor, bytes: Buffer): Promise<{ url: string }> {
    const decision = await this.deps.rateLimiter.hit(`identity-card:${actor.id}`, CARD_UPLOADS_PER_HOUR, 3600);
    if (!decision.allowed) throw fail('retryIn', { seconds: decision.retryAfterSeconds });
    const key = await takeImage(this.deps.storage, bytes, {
      render: (image) => image.resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
      contentType: 'image/webp',
      keyOf: ({ output }) => `${CARD_FOLDER}/${actor.uid}/${output.slice(0, 20)}.webp`,
    });
    return { url: await this.deps.privateFiles.sign(key) };
  }

  /** `POST /c/applyIdentity/{id}`: a pending record of the kind, from `jsonExtras` (docs/identity.md lists the fields). */
  async apply(actor: Actor, identityId: number, jsonExtras: string): Promise<IdentityRecord> {
    const [kind] = await this.repository.findKinds([identityId]);
    if (!kind || !kind.visible) throw fail('notFound');
    const fields = identityFieldsOf(kind.code);
    const { businessCardUrl, extras } = readExtras(jsonExtras, fields);
    for (const field of fields) {
      const value = extras[field.name];
      if (value && field.format === 'text') await this.deps.sensitiveWords.assertClean(`jsonExtras.${field.name}`, value);
    }
    const cardKey = await this.ownCardKey(actor, businessCardUrl);
    const row = await this.repository.insertPending({ userId: actor.id, identityId, extras, businessCardUrl: `${FILES_PREFIX}${cardKey}` });
    if (!row) throw fail('identityAlreadyOpen');
    return this.presentRecord(row);
  }

  /** `DELETE /c/authRecord/{id}`: the owner withdraws a pending record or gives up an approved one. */
  async withdraw(actor: Actor, recordId: number): Promise<IdentityRecord> {
    const { before, after } = await this.repository.db.transaction(async (tx) => {
      const record = await this.repository.lockRecord(recordId, tx);
      if (!record || record.userId !== actor.id) throw fail('notFound');
      if (record.status !== 'pending' && record.status !== 'approved') throw fail('identityRecordClosed');
      return { before: record, after: await this.repository.updateRecord(record.id, { status: 'revoked' }, tx) };
    });
    if (before.status === 'approved') await this.deps.cache.delete(badgesKey(actor.id));
    return this.presentRecord(after);
  }

  /** Records waiting for a decision (the back office's overview). */
  async pendingCount(): Promise<number> {
    return (await this.repository.listRecords({ status: 'pending', identityId: undefined, limit: 1, offset: 0 })).total;
  }

  /** The back office's queue: pending first. */
  async listApplications(
    filter: { status?: IdentityRecordStatus; identityId?: number; pageNum: number; pageSize: number },
    language: Language,
  ): Promise<Page<IdentityApplicationItem>> {
    const { rows, total } = await this.repository.listRecords({
      status: filter.status,
      identityId: filter.identityId,
      limit: filter.pageSize,
      offset: (filter.pageNum - 1) * filter.pageSize,
    });
    const kinds = new Map(
      (await this.repository.findKinds([...new Set(rows.map((row) => row.identityId))])).map((kind) => [kind.id, kind]),
    );
    const people = await this.usersById(
      rows.flatMap((row) => (row.decidedByUserId === null ? [row.userId] : [row.userId, row.decidedByUserId])),
    );
    const list = await Promise.all(
      rows.map(async (row): Promise<IdentityApplicationItem> => {
        const kind = kinds.get(row.identityId);
        const applicant = people.get(row.userId);
        const decider = row.decidedByUserId === null ? undefined : people.get(row.decidedByUserId);
        return {
          ...(await this.presentRecord(row)),
          identity: { id: row.identityId, code: kind?.code ?? '', name: kind ? nameOf(kind, language) : '' },
          applicant: { uid: applicant?.uid ?? '', name: applicant?.name ?? '', phone: applicant?.phone ?? '' },
          decidedBy: decider ? { uid: decider.uid, name: decider.name } : null,
        };
      }),
    );
    return { list, total, pageNum: filter.pageNum, pageSize: filter.pageSize };
  }

  async approve(admin: Actor, recordId: number): Promise<IdentityRecord> {
    return this.decide(admin, recordId, 'approved', '');
  }

  async reject(admin: Actor, recordId: number, reason: string): Promise<IdentityRecord> {
    const text = plainText(reason);
    if (!text) throw invalid('reason', 'required');
    if (text.length > IDENTITY_REASON_MAX) throw invalid('reason', 'maxLength', { limit: IDENTITY_REASON_MAX });
    return this.decide(admin, recordId, 'rejected', text);
  }

  /**
   * The approved identities of each of these users (visible kinds only), names in `language`: the
   * badges beside their names on public pages. One cache read per user and one query for all misses.
   */
  async approvedIdentitiesOf(userIds: readonly number[], language: Language): Promise<Map<number, IdentityBadge[]>> {
    const unique = [...new Set(userIds)];
    const cached = await Promise.all(unique.map((id) => this.deps.cache.get<StoredBadge[]>(badgesKey(id))));
    const stored = new Map<number, StoredBadge[]>();
    const missing: number[] = [];
    unique.forEach((id, index) => {
      const entry = cached[index];
      if (entry) stored.set(id, entry);
      else missing.push(id);
    });
    if (missing.length > 0) {
      for (const id of missing) stored.set(id, []);
      for (const { userId, ...badge } of await this.repository.approvedIdentities(missing)) stored.get(userId)!.push(badge);
      await Promise.all(missing.map((id) => this.deps.cache.set(badgesKey(id), stored.get(id), BADGES_TTL_SECONDS)));
    }
    return new Map(
      [...stored].map(([id, badges]) => [id, badges.map((badge) => ({ id: badge.id, code: badge.code, name: nameOf(badge, language) }))]),
    );
  }

  /**
   * The real names each of these users proved in an approved identity (withdrawals compare the payee
   * name with them). Never cached: a decision shows at once in the withdrawal queue.
   */
  async approvedRealNamesOf(userIds: readonly number[]): Promise<Map<number, string[]>> {
    const names = new Map<number, string[]>(userIds.map((id) => [id, []]));
    for (const { userId, realName } of await this.repository.approvedRealNames([...new Set(userIds)])) {
      const list = names.get(userId)!;
      if (!list.includes(realName)) list.push(realName);
    }
    return names;
  }

  private async decide(admin: Actor, recordId: number, status: 'approved' | 'rejected', reason: string): Promise<IdentityRecord> {
    const found = await this.repository.findRecord(recordId);
    if (!found) throw fail('notFound');
    const [kind] = await this.repository.findKinds([found.identityId]);
    const decided = await decidePending({ ...this.deps, db: this.repository.db }, admin, {
      lock: (tx) => this.repository.lockRecord(recordId, tx),
      isPending: (record) => record.status === 'pending',
      alreadyDecided: 'identityAlreadyDecided',
      decide: async (record, tx) => ({
        result: await this.repository.updateRecord(
          record.id,
          { status, reason, decidedByUserId: admin.id, decidedAt: new Date(this.now()) },
          tx,
        ),
        notice: {
          userId: record.userId,
          kind: status === 'approved' ? 'identityApproved' : 'identityRejected',
          params: { identityId: record.identityId, nameZh: kind?.nameZh ?? '', nameEn: kind?.nameEn ?? '', reason },
          link: '/userInformation/index',
        },
        log: {
          action: status === 'approved' ? 'identityApplication.approve' : 'identityApplication.reject',
          targetType: 'identityApplication',
          targetId: record.id,
          before: { status: record.status, userId: record.userId, identityId: record.identityId },
          after: { status, reason },
        },
      }),
    });
    await this.deps.cache.delete(badgesKey(decided.userId));
    return this.presentRecord(decided);
  }

  /** The storage key behind a business card link, if it is one this user uploaded and it is still stored. */
  private async ownCardKey(actor: Actor, url: string): Promise<string> {
    let path: string;
    try {
      path = decodeURIComponent(new URL(url, 'http://relative.invalid').pathname);
    } catch {
      throw fail('businessCardInvalid');
    }
    const ownFolder = `${FILES_PREFIX}${CARD_FOLDER}/${actor.uid}/`;
    const name = path.startsWith(ownFolder) ? path.slice(ownFolder.length) : '';
    if (!/^[0-9a-f]{20}\.webp$/.test(name)) throw fail('businessCardInvalid');
    const key = `${CARD_FOLDER}/${actor.uid}/${name}`;
    if (!(await this.deps.storage.stat(key))) throw fail('businessCardInvalid');
    return key;
  }

  private presentKind(kind: IdentityKindRow, language: Language): Omit<IdentityKindDetail, 'record'> {
    return {
      id: kind.id,
      code: kind.code,
      name: nameOf(kind, language),
      description: language === 'zh' ? kind.descriptionZh : kind.descriptionEn,
      fields: [...identityFieldsOf(kind.code)],
    };
  }

  private async presentRecord(row: IdentityRecordRow): Promise<IdentityRecord> {
    const key = row.businessCardUrl.startsWith(FILES_PREFIX) ? row.businessCardUrl.slice(FILES_PREFIX.length) : '';
    return {
      id: row.id,
      identityId: row.identityId,
      status: row.status as IdentityRecordStatus,
      reason: row.reason,
      businessCardUrl: key ? await this.deps.privateFiles.sign(key) : '',
      extras: row.extras,
      createdAt: row.createdAt.getTime(),
      decidedAt: row.decidedAt?.getTime() ?? null,
    };
  }

  private async usersById(ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const users = await Promise.all(unique.map((id) => this.deps.users.getAuthUser(id)));
    return new Map(unique.flatMap((id, index) => (users[index] ? [[id, users[index]] as const] : [])));
  }
}
