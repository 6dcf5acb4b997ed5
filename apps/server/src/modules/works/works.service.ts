import { randomBytes } from 'node:crypto';
import {
  RECYCLE_BIN_DAYS,
  WORK_TAGS_MAX,
  isPrivateAssetKind,
  PUBLIC_ASSET_KINDS,
  type Page,
  type ServingHoldReason,
  type WorkAsset,
  type WorkDetail,
  type WorkStatus,
  type WorkSummary,
  type WorkType,
  type WorkVerification,
  type Language,
  type IdentityBadge,
  type WorkOwner,
} from '@spatia/contract';
import { fail, invalid } from '../../lib/app-error.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import type { SensitiveWordsService } from '../sensitive-words/index.js';
import type { PublicProfile, UsersService } from '../users/index.js';
import { assertManageable, assertReadable, canManage, transition, viewOf, type Actor } from './work-access.js';
import { fileUrl, type FileUrlSigner } from '../uploads/index.js';
import { toWorkAsset, toWorkDetail, toWorkSummary } from './work-presenter.js';
import { keywordGrams, normalizeSearchText, searchGramsOf, searchableText } from './search-grams.js';
import { copyName, copyNamePrefix } from './copy-name.js';
import type { Executor, Transaction } from '../../db/database.js';
import { afterCommit } from '../../db/after-commit.js';
import type { DomainEvents } from '../../kernel/domain-events.js';
import type { WorkAssetRow, WorkChanges, WorkRow, WorksRepository } from './works.repository.js';
import type { BusinessCalendar } from '../../lib/business-time.js';

export type { WorkAssetRow, WorkRow };

/** Why works left the market (`works.leftMarket`). */
export type WorkLeftMarketReason = 'edited' | 'offline' | 'reset' | 'handedOver' | 'deleted';

export interface WorkListQuery {
  pageNum: number;
  pageSize: number;
  modelName?: string;
  keyword?: string;
  status?: WorkStatus;
  type?: WorkType;
  tag?: string;
}

/** The attributes the edit drawer changes. `undefined` leaves one as it is. */
export interface WorkAttributes {
  name?: string;
  description?: string;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
  startTime?: number | null;
  endTime?: number | null;
  shopId?: number | null;
}

/**
 * What another module keeps for a work beyond its rows here (processing's derived files and what follows
 * them): a copy shares it, and a purge lets go of it without deleting what another work still shows
 * (docs/work-lifecycle.md).
 */
/** Why a work's viewers see a notice instead of it, if they do. */
export type ViewingGate = (work: WorkRow) => Promise<ServingHoldReason | null>;

/** Where the badges beside an owner's name come from (the identity module's service). */
export interface OwnerIdentities {
  approvedIdentitiesOf(userIds: readonly number[], language: Language): Promise<Map<number, IdentityBadge[]>>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const UID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Creating, listing, editing, tagging, copying and deleting works. Status rules live in work-access. */
export class WorksService {
  constructor(
    private readonly repository: WorksRepository,
    private readonly users: UsersService,
    private readonly sensitiveWords: SensitiveWordsService,
    private readonly storage: StorageDriver,
    private readonly privateFiles: FileUrlSigner,
    private readonly identities: OwnerIdentities | undefined,
    private readonly events: DomainEvents,
    /** Whether viewers other than the owner and admins may see a work's content (billing answers it). */
    private readonly viewingGate: ViewingGate | undefined,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async create(actor: Actor, input: { name: string; type: WorkType; description: string }): Promise<WorkDetail> {
    const name = input.name.trim();
    const description = input.description.trim();
    await this.sensitiveWords.assertClean('name', name);
    await this.sensitiveWords.assertClean('description', description);
    const row = await this.repository.insert({
      uid: newWorkUid(),
      ownerId: actor.id,
      type: input.type,
      name,
      description,
      ...searchColumns({ name, description, tags: [] }),
    });
    return this.detail(row, actor);
  }

  /** One user's works. The owner and admins see all of them; others see only those online. */
  /** With `language` (public answers), the owner carries their approved identities named in it. */
  async list(actor: Actor | undefined, clientUid: string, query: WorkListQuery, language?: Language): Promise<Page<WorkSummary>> {
    const ownerId = await this.users.findIdByUid(clientUid);
    if (ownerId === undefined) throw fail('notFound');
    const keyword = searchTerm(query.keyword);
    const modelName = searchTerm(query.modelName);
    const { rows, total } = await this.repository.list({
      ownerId,
      onlineOnly: !canManage(actor, { ownerId }),
      status: query.status,
      type: query.type,
      tag: query.tag?.trim() || undefined,
      keyword,
      modelName,
      limit: query.pageSize,
      offset: (query.pageNum - 1) * query.pageSize,
    });
    const [owners, badges] = await Promise.all([this.users.findPublicProfiles([ownerId]), this.badgesOf([ownerId], language)]);
    const owner = ownerWithBadges(owners, badges, ownerId);
    const view = viewOf(actor, { ownerId });
    const list = rows.map((row) => toWorkSummary(row, owner, row.pendingTransfer, view));
    return { list, total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async get(actor: Actor | undefined, uid: string, language?: Language): Promise<WorkDetail> {
    return this.detail(await this.findReadable(actor, uid), actor, language);
  }

  /** A work the actor may read (see `assertReadable`). */
  async findReadable(actor: Actor | undefined, uid: string): Promise<WorkRow> {
    return assertReadable(actor, await this.repository.findByUid(uid));
  }

  /** A work whose viewer the actor may open: readable, and not paused for traffic (the owner and admins always may). */
  async findViewable(actor: Actor | undefined, uid: string): Promise<WorkRow> {
    const work = await this.findReadable(actor, uid);
    const hold = this.viewingGate && !canManage(actor, work) ? await this.viewingGate(work) : null;
    if (hold === 'budget') throw fail('workBudgetUsedUp');
    if (hold === 'balance') throw fail('workBalanceUnpaid');
    return work;
  }

  /** The work behind a uid whoever asks, in the recycle bin or not: the caller applies the rules. */
  /** The public pages of works for the sitemap: those anyone may open, most recently changed first. */
  async publicPages(limit: number): Promise<{ path: string; updatedAt: number }[]> {
    const rows = await this.repository.listPublicPages(limit);
    return rows.map((row) => ({ path: `/details/${row.uid}`, updatedAt: row.updatedAt.getTime() }));
  }

  async findByUid(uid: string): Promise<WorkRow | undefined> {
    return this.repository.findByUid(uid);
  }

  async findById(id: number): Promise<WorkRow | undefined> {
    return this.repository.findById(id);
  }

  async findByIds(ids: readonly number[]): Promise<Map<number, WorkRow>> {
    const rows = await this.repository.findByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Of these works, the ids of those `ownerId` owns that anyone may see (online, outside the recycle bin). */
  async visibleIdsAmong(ownerId: number, ids: readonly number[]): Promise<Set<number>> {
    return this.repository.visibleIdsAmong(ownerId, [...new Set(ids)]);
  }

  /** One page of an owner's works of one type that anyone may see, newest first (spaces' houses). */
  async visibleOfOwner(
    ownerId: number,
    type: WorkType,
    page: { limit: number; offset: number },
  ): Promise<{ rows: WorkRow[]; total: number }> {
    return this.repository.listVisibleOfOwner(ownerId, type, page);
  }

  /** The ids of the works behind these uids (those that exist). */
  async idsByUid(uids: readonly string[]): Promise<Map<string, number>> {
    return this.repository.findIdsByUids(uids);
  }

  async listAssets(workId: number, executor?: Executor): Promise<WorkAssetRow[]> {
    return this.repository.listAssets(workId, executor);
  }

  /** Which of these works have an original file (an `origin` asset), the thing processing works from. */
  async withOrigins(workIds: readonly number[], executor?: Executor): Promise<Set<number>> {
    return this.repository.worksWithAssetKind(workIds, 'origin', executor);
  }

  async findAsset(workId: number, assetId: number, executor?: Executor): Promise<WorkAssetRow | undefined> {
    return this.repository.findAsset(workId, assetId, executor);
  }

  /** Whether a stored file is one of the work's assets or its cover. */
  async holdsFile(workId: number, key: string): Promise<boolean> {
    return this.repository.holdsFile(workId, key);
  }

  /** Loads a work the actor may change, inside `work` (a transaction holding its row lock). */
  async change<T>(actor: Actor, uid: string, work: (row: WorkRow, tx: Transaction) => Promise<T>): Promise<T> {
    return this.repository.db.transaction(async (tx) => work(assertManageable(actor, await this.repository.lockByUid(uid, tx)), tx));
  }

  async updateAttributes(actor: Actor, uid: string, attributes: WorkAttributes): Promise<WorkDetail> {
    const changes: WorkChanges = {};
    if (attributes.name !== undefined) {
      changes.name = attributes.name.trim();
      if (changes.name.length === 0) throw invalid('name', 'required');
      await this.sensitiveWords.assertClean('name', changes.name);
    }
    if (attributes.description !== undefined) {
      changes.description = attributes.description.trim();
      await this.sensitiveWords.assertClean('description', changes.description);
    }
    if (attributes.address !== undefined) {
      changes.address = attributes.address.trim();
      await this.sensitiveWords.assertClean('address', changes.address);
    }
    if (attributes.latitude !== undefined) changes.latitude = attributes.latitude;
    if (attributes.longitude !== undefined) changes.longitude = attributes.longitude;
    if (attributes.startTime !== undefined) changes.startTime = attributes.startTime === null ? null : new Date(attributes.startTime);
    if (attributes.endTime !== undefined) changes.endTime = attributes.endTime === null ? null : new Date(attributes.endTime);
    if (attributes.shopId !== undefined) changes.shopId = attributes.shopId;

    const row = await this.change(actor, uid, async (work, tx) => {
      const start = changes.startTime === undefined ? work.startTime : changes.startTime;
      const end = changes.endTime === undefined ? work.endTime : changes.endTime;
      if (start && end && end < start) throw invalid('endTime', 'invalid');
      const contentChanged =
        (changes.name !== undefined && changes.name !== work.name) ||
        (changes.description !== undefined && changes.description !== work.description);
      if (contentChanged) {
        Object.assign(changes, contentEdit(work));
        if (changes.status !== work.status) await this.leftMarket(tx, [work.id], 'edited');
      }
      const next = { name: changes.name ?? work.name, description: changes.description ?? work.description, tags: work.tags };
      return this.repository.update(work.id, { ...changes, ...searchColumns(next) }, tx);
    });
    return this.detail(row, actor);
  }

  async addTag(actor: Actor, uid: string, rawTag: string): Promise<string[]> {
    const tag = rawTag.trim();
    await this.sensitiveWords.assertClean('tag', tag);
    return this.change(actor, uid, async (work, tx) => {
      if (work.tags.includes(tag)) return work.tags;
      if (work.tags.length >= WORK_TAGS_MAX) throw fail('workTagLimit', { max: WORK_TAGS_MAX });
      const tags = [...work.tags, tag];
      return (await this.repository.update(work.id, { tags, ...searchColumns({ ...work, tags }) }, tx)).tags;
    });
  }

  async removeTag(actor: Actor, uid: string, rawTag: string): Promise<string[]> {
    const tag = rawTag.trim();
    return this.change(actor, uid, async (work, tx) => {
      if (!work.tags.includes(tag)) return work.tags;
      const tags = work.tags.filter((existing) => existing !== tag);
      return (await this.repository.update(work.id, { tags, ...searchColumns({ ...work, tags }) }, tx)).tags;
    });
  }

  async setBudget(actor: Actor, uid: string, budget: number): Promise<void> {
    await this.change(actor, uid, (work, tx) => this.repository.update(work.id, { budget }, tx));
  }

  /**
   * Back to an unpublished draft: offline, off the market and out of review. Uploaded files stay;
   * `alsoForget` runs in the same transaction (processing forgets its results there).
   */
  async reset(actor: Actor, uid: string, alsoForget?: (work: WorkRow, tx: Transaction) => Promise<void>): Promise<WorkDetail> {
    const row = await this.change(actor, uid, async (work, tx) => {
      await this.assertNotInTransfer(work, tx);
      await alsoForget?.(work, tx);
      await this.leftMarket(tx, [work.id], 'reset');
      return this.repository.update(
        work.id,
        { status: transition(work.status, 'reset'), openInOfficial: false, marketPrice: null, reviewNote: '' },
        tx,
      );
    });
    return this.detail(row, actor);
  }

  /** Sets a cover made by processing, unless the owner uploaded one meanwhile. Not an edit: nothing reviewed changes. */
  async useDerivedCover(workId: number, coverKey: string): Promise<void> {
    await this.repository.db.transaction(async (tx) => {
      const work = await this.repository.lockById(workId, tx);
      if (work && !work.coverKey) await this.repository.update(work.id, { coverKey }, tx);
    });
  }

  /**
   * Gives a work to a new owner inside the caller's transaction (a confirmed transfer). The new owner
   * starts with the work as it was reviewed, but not shown anywhere by the old one.
   */
  async handOver(workId: number, newOwnerId: number, tx: Transaction): Promise<void> {
    const work = await this.repository.lockById(workId, tx);
    if (!work || work.deletedAt) throw fail('notFound');
    const status = work.status === 'exposed' ? 'passed' : work.status;
    await this.leftMarket(tx, [work.id], 'handedOver');
    await this.repository.update(work.id, { ownerId: newOwnerId, openInOfficial: false, marketPrice: null, status }, tx);
  }

  /** The work's row, locked until the caller's transaction ends (the market locks a work before its listing). */
  lockById(workId: number, tx: Transaction): Promise<WorkRow | undefined> {
    return this.repository.lockById(workId, tx);
  }

  /** A work the actor may change, read without locking it. */
  async findManageable(actor: Actor, uid: string): Promise<WorkRow> {
    return assertManageable(actor, await this.repository.findByUid(uid));
  }

  /** What a work still lacks before it can go online (the processing module adds where its processing stands). */
  async verification(work: WorkRow, executor?: Executor): Promise<Omit<WorkVerification, 'processing'>> {
    const assets = await this.repository.listAssets(work.id, executor);
    const checklist = [
      { item: 'name' as const, ok: work.name.trim().length > 0 },
      { item: 'cover' as const, ok: work.coverKey.length > 0 },
      { item: 'origin' as const, ok: assets.some((asset) => asset.kind === 'origin') },
    ];
    return { complete: checklist.every((entry) => entry.ok), checklist };
  }

  /**
   * A new work with the same content, named as a copy in the actor's language, pointing at the same
   * stored files and sharing what processing made of them; it starts unpublished.
   */
  async copy(actor: Actor, uid: string, language: Language): Promise<WorkDetail> {
    const copy = await this.change(actor, uid, (work, tx) => this.copyRow(work, work.ownerId, language, tx));
    return this.detail(copy, actor);
  }

  /**
   * A copy of the work into another person's works, inside the caller's transaction (a market purchase of a
   * copy licence, docs/market.md): under the work's name (marked as a copy when they hold that name), unpublished.
   */
  async copyTo(workId: number, newOwnerId: number, language: Language, tx: Transaction): Promise<WorkRow> {
    const work = await this.repository.lockById(workId, tx);
    if (!work || work.deletedAt) throw fail('notFound');
    return this.copyRow(work, newOwnerId, language, tx, { keepName: true });
  }

  /**
   * Removes a work for good inside the caller's transaction (a refunded market copy taken back); the files
   * no work uses any more are deleted once it commits. Answers whether there was a work to remove.
   */
  async purgeWithin(workId: number, tx: Transaction): Promise<boolean> {
    const work = await this.repository.lockById(workId, tx);
    if (!work) return false;
    await this.events.publish(tx, 'works.purging', { works: [work] });
    const unused = await this.repository.purge([work.id], tx);
    afterCommit(tx, async () => {
      for (const key of unused) await this.storage.delete(key);
    });
    return true;
  }

  /** Tells the market, inside the change's transaction, that these works can no longer be sold as listed. */
  async leftMarket(tx: Transaction, workIds: readonly number[], reason: WorkLeftMarketReason): Promise<void> {
    if (workIds.length > 0) await this.events.publish(tx, 'works.leftMarket', { workIds, reason });
  }

  /** A new work with the same content owned by `ownerId`, pointing at the same stored files and sharing what processing made of them. */
  private async copyRow(
    work: WorkRow,
    ownerId: number,
    language: Language,
    tx: Transaction,
    options = { keepName: false },
  ): Promise<WorkRow> {
    const taken = await this.repository.namesStartingWith(ownerId, copyNamePrefix(work.name), tx);
    // Into another person's works a copy keeps the name, unless they hold a work of that name already.
    const name = options.keepName && !taken.has(work.name) ? work.name : copyName(work.name, language, taken);
    const row = await this.repository.insert(
      {
        uid: newWorkUid(),
        ownerId,
        type: work.type,
        name,
        description: work.description,
        tags: work.tags,
        budget: work.budget,
        address: work.address,
        latitude: work.latitude,
        longitude: work.longitude,
        coverKey: work.coverKey,
        startTime: work.startTime,
        endTime: work.endTime,
        shopId: work.shopId,
        ...searchColumns({ name, description: work.description, tags: work.tags }),
      },
      tx,
    );
    const assetIds = await this.repository.copyAssets(work.id, row.id, tx);
    await this.events.publish(tx, 'work.copied', { original: work, copy: row, assetIds });
    return row;
  }

  /** Into the recycle bin, offline. Several at once are all moved or none is. */
  async deleteLogically(actor: Actor, uids: readonly string[]): Promise<number> {
    const unique = [...new Set(uids)];
    return this.repository.db.transaction(async (tx) => {
      const rows = await this.repository.findByUids(undefined, unique, tx);
      const found = new Map(rows.map((row) => [row.uid, row]));
      for (const uid of unique) {
        const work = assertManageable(actor, found.get(uid));
        await this.assertNotInTransfer(work, tx);
      }
      await this.leftMarket(
        tx,
        rows.map((row) => row.id),
        'deleted',
      );
      await this.repository.moveToRecycleBin(
        rows.map((row) => row.id),
        new Date(this.now()),
        tx,
      );
      return rows.length;
    });
  }

  /**
   * The official showcase, open to everyone (the home page and a new user's empty dashboard show it; the phone
   * category lists read one type of it).
   */
  async showcase(query: { pageNum: number; pageSize: number; type?: WorkType }, language?: Language): Promise<Page<WorkSummary>> {
    const { pageNum, pageSize, type } = query;
    const { rows, total } = await this.repository.listShowcase(pageSize, (pageNum - 1) * pageSize, type);
    return { list: await this.summaries(rows, undefined, language), total, pageNum, pageSize };
  }

  async recycleBin(actor: Actor, pageNum: number, pageSize: number): Promise<Page<WorkSummary>> {
    const { rows, total } = await this.repository.listDeleted(actor.id, pageSize, (pageNum - 1) * pageSize);
    return { list: await this.summaries(rows, actor), total, pageNum, pageSize };
  }

  async restore(actor: Actor, uid: string): Promise<WorkDetail> {
    const row = await this.repository.db.transaction(async (tx) => {
      const work = await this.repository.lockByUid(uid, tx);
      if (!work || !work.deletedAt || !canManage(actor, work)) throw fail('notFound');
      return this.repository.update(work.id, { deletedAt: null }, tx);
    });
    return this.detail(row, actor);
  }

  /** Removes a work in the recycle bin for good, now. */
  async purge(actor: Actor, uid: string): Promise<void> {
    const work = await this.repository.findByUid(uid);
    if (!work || !work.deletedAt || !canManage(actor, work)) throw fail('notFound');
    await this.purgeRows([work]);
  }

  /** The recycle-bin job: removes works deleted more than 30 days ago, a batch at a time. */
  async purgeExpired(batchSize = 500): Promise<number> {
    const cutoff = new Date(this.now() - RECYCLE_BIN_DAYS * DAY_MS);
    let purged = 0;
    for (;;) {
      const rows = await this.repository.findDeletedBefore(cutoff, batchSize);
      if (rows.length === 0) return purged;
      await this.purgeRows(rows);
      purged += rows.length;
    }
  }

  /** Works created per UTC day of the last `days` days, and all works: the back office's overview. */
  async creationStats(days: number, calendar: BusinessCalendar) {
    return this.repository.creationStats(days, calendar);
  }

  async countByStatus(ownerId: number): Promise<Map<WorkStatus, number>> {
    return this.repository.countByStatus(ownerId);
  }

  async assertNotInTransfer(work: WorkRow, executor?: Executor): Promise<void> {
    if (await this.repository.hasPendingTransfer(work.id, executor)) throw fail('workLocked');
  }

  /**
   * A work as `reader` may see it: its owner and admins get every file, private ones (originals, SLR
   * photos) through signed links; anyone else gets the work without its private files, not even their names.
   */
  async detail(row: WorkRow, reader: Actor | undefined, language?: Language): Promise<WorkDetail> {
    const [owners, pending, assets, badges] = await Promise.all([
      this.users.findPublicProfiles([row.ownerId]),
      this.repository.hasPendingTransfer(row.id),
      this.repository.listAssets(row.id),
      this.badgesOf([row.ownerId], language),
    ]);
    const owner = ownerWithBadges(owners, badges, row.ownerId);
    const view = viewOf(reader, row);
    return toWorkDetail(row, owner, pending, await this.presentAssets(assets, view === 'manager'), view);
  }

  private async presentAssets(rows: readonly WorkAssetRow[], readsPrivateFiles: boolean): Promise<WorkAsset[]> {
    const shown = rows.filter((row) => readsPrivateFiles || !isPrivateAssetKind(row.kind));
    return Promise.all(
      shown.map(async (row) =>
        toWorkAsset(row, isPrivateAssetKind(row.kind) ? await this.privateFiles.sign(row.storageKey) : fileUrl(row.storageKey)),
      ),
    );
  }

  /** Whether `/files/{key}` may be served to anyone: the key is a file of a kind that viewers read. */
  async isPublicAssetKey(key: string): Promise<boolean> {
    return this.repository.hasAssetOfKinds(key, PUBLIC_ASSET_KINDS);
  }

  async summaries(rows: readonly WorkRow[], reader: Actor | undefined, language?: Language): Promise<WorkSummary[]> {
    const [owners, pending, badges] = await Promise.all([
      this.users.findPublicProfiles(rows.map((row) => row.ownerId)),
      this.repository.workIdsWithPendingTransfers(rows.map((row) => row.id)),
      this.badgesOf(
        rows.map((row) => row.ownerId),
        language,
      ),
    ]);
    return rows.map((row) => toWorkSummary(row, ownerWithBadges(owners, badges, row.ownerId), pending.has(row.id), viewOf(reader, row)));
  }

  /** The owners' approved identities, only for public answers (those given a language). */
  private async badgesOf(ownerIds: readonly number[], language: Language | undefined): Promise<Map<number, IdentityBadge[]> | undefined> {
    if (!language || !this.identities || ownerIds.length === 0) return undefined;
    return this.identities.approvedIdentitiesOf(ownerIds, language);
  }

  /** Removes the works, then the files no work uses any more, and (through `works.purging`) what was derived for them alone. */
  private async purgeRows(rows: readonly WorkRow[]): Promise<void> {
    if (rows.length === 0) return;
    const unused = await this.repository.db.transaction(async (tx) => {
      await this.events.publish(tx, 'works.purging', { works: rows });
      return this.repository.purge(
        rows.map((row) => row.id),
        tx,
      );
    });
    for (const key of unused) await this.storage.delete(key);
  }
}

/** What a change of reviewed content does to a work: a new version, and an approved work needs review again. */
export function contentEdit(work: Pick<WorkRow, 'status' | 'version' | 'openInOfficial' | 'marketPrice'>): WorkChanges {
  const status = transition(work.status, 'edit');
  const leavesApproval = status !== work.status;
  return {
    status,
    version: work.version + 1,
    ...(leavesApproval ? { openInOfficial: false, marketPrice: null, reviewNote: '' } : {}),
  };
}

export function searchColumns(work: { name: string; description: string; tags: readonly string[] }) {
  const text = searchableText(work);
  return { searchText: text, searchGrams: searchGramsOf(text) };
}

function searchTerm(raw: string | undefined): { grams: string[]; text: string } | undefined {
  const text = normalizeSearchText(raw ?? '');
  return text ? { grams: keywordGrams(text), text } : undefined;
}

export function newWorkUid(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (byte) => UID_ALPHABET[byte % UID_ALPHABET.length]).join('');
}

function ownerWithBadges(
  owners: Map<number, PublicProfile>,
  badges: Map<number, IdentityBadge[]> | undefined,
  ownerId: number,
): WorkOwner | undefined {
  const owner = owners.get(ownerId);
  return owner && badges ? { ...owner, identities: badges.get(ownerId) ?? [] } : owner;
}
