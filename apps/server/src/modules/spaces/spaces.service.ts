import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  SERVICE_REQUIREMENT_TYPE_LABELS,
  SPACE_ACCESS_CODE_PATTERN,
  SPACE_BRAND_COLOR_PATTERN,
  SPACE_NAME_MAX,
  SPACE_TEMPLATE_DEFAULT,
  SPACE_TEMPLATES,
  SPACE_WEBSITE_PATTERN,
  SPACE_WORKS_MAX,
  SPACES_PER_OWNER_MAX,
  isSpaceTemplateCode,
  isWorkOnline,
  type HousePage,
  type ShopItem,
  type ShopService,
  type SpaceCard,
  type SpaceInput,
  type SpaceOwner,
  type SpacePerson,
  type SpaceShop,
  type SpaceTemplate,
  type SpaceView,
  type SpaceWorkCard,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { BackoffRule, RateLimiter } from '../../lib/rate-limiter.js';
import type { MarketService } from '../market/index.js';
import type { RentalsService } from '../rentals/index.js';
import type { SensitiveWordsService } from '../sensitive-words/index.js';
import type { ServiceOrdersService } from '../service-orders/index.js';
import type { SigningService } from '../signing/index.js';
import { fileUrl } from '../uploads/index.js';
import type { AuthUser, UsersService } from '../users/index.js';
import type { Actor, WorkRow, WorksService } from '../works/index.js';
import type { SpaceChanges, SpaceRow, SpacesRepository, SpaceWithWorks } from './spaces.repository.js';

export interface SpacesDependencies {
  repository: SpacesRepository;
  users: UsersService;
  works: WorksService;
  market: MarketService;
  rentals: RentalsService;
  signing: SigningService;
  serviceOrders: ServiceOrdersService;
  sensitiveWords: SensitiveWordsService;
  rateLimiter: RateLimiter;
}

/** Where a private space's code is checked: who reads, and from which address (the wrong-code limit is per address and space). */
export interface CodeCheck {
  code?: string;
  addressBucket: string;
}

/** What the owner's writes take: a template code as sent (an unknown one is refused with its own code, 2752). */
export type SpaceFieldsInput = Omit<SpaceInput, 'templateCode'> & { templateCode?: string };
export type SpaceFieldsUpdate = Partial<SpaceFieldsInput>;

/** The 403 (2745) of a private space read without its code: its name travels with it, so the page can ask. */
export class SpaceNeedsCodeError extends AppError {
  constructor(readonly spaceName: string) {
    const { code, httpStatus, messageKey } = fail('spaceNeedsCode');
    super(code, httpStatus, messageKey);
  }
}

/** Wrong codes for one space from one address: nine free tries, then a quarter of an hour's wait. */
const WRONG_CODES_BEFORE_WAIT = 10;
const WRONG_CODE_WAIT_MS = 15 * 60_000;
const WRONG_CODE_RULE: BackoffRule = {
  waitsMs: [...Array.from({ length: WRONG_CODES_BEFORE_WAIT - 1 }, () => 0), WRONG_CODE_WAIT_MS],
  restartAtEnd: true,
  forgetAfterMs: WRONG_CODE_WAIT_MS,
};
/** The advisory lock class serializing one owner's creations (the 20-space limit). */
const CREATE_LOCK_CLASS = 2741;
const UID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A space's public id: 12 characters, about 60 random bits. */
export function newSpaceUid(): string {
  return Array.from(randomBytes(12), (byte) => UID_ALPHABET[byte % UID_ALPHABET.length]).join('');
}

/** sha-256 hex of the code salted with the space's uid. */
export function hashAccessCode(spaceUid: string, code: string): string {
  return createHash('sha256').update(`${spaceUid}:${code}`).digest('hex');
}

function codeMatches(row: Pick<SpaceRow, 'uid' | 'accessCodeHash'>, code: string): boolean {
  if (!row.accessCodeHash) return false;
  const given = Buffer.from(hashAccessCode(row.uid, code), 'hex');
  const kept = Buffer.from(row.accessCodeHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * Spaces (docs/spaces.md): an owner's mini-sites of their works, their public pages and shops. Every owner
 * call names a space by its uid and finds only the caller's own (another's answers 404; admins have no
 * special rights here). Public reads show only the works anyone may see, and a private space only with its
 * code (its owner needs none).
 */
export class SpacesService {
  constructor(private readonly deps: SpacesDependencies) {}

  private get repository() {
    return this.deps.repository;
  }

  templates(): readonly SpaceTemplate[] {
    return SPACE_TEMPLATES;
  }

  // ---- public reads ----

  /** `/spaceDetail`: by uid or website; a private space needs its code unless the reader owns it. */
  async detail(reader: Actor | undefined, target: { uid?: string; website?: string }, check: CodeCheck): Promise<SpaceView> {
    const uid = target.uid?.trim();
    const website = target.website?.trim().toLowerCase();
    if (!uid && !website) throw fail('spaceDetailTargetMissing');
    const row = await this.repository.findWithWorks(uid ? { uid } : { website: website! });
    const owner = await this.liveOwner(row);
    await this.admit(reader, row!, check);
    return this.present(row!, owner, reader);
  }

  /** `/mobile_space?uid=`: a person's public spaces, newest first; the owner sees the private ones too. */
  async person(reader: Actor | undefined, userUid: string): Promise<SpacePerson> {
    const owner = await this.liveUser(userUid);
    const mine = reader?.id === owner.id;
    const rows = await this.repository.listOfOwner(owner.id, { publicOnly: !mine });
    return { owner: profileOf(owner), spaces: await this.cards(owner.id, rows) };
  }

  /** `/space/house?uid=`: a person's panorama works anyone may see, newest first, with their rental figures. */
  async houses(userUid: string, page: { pageNum: number; pageSize: number }): Promise<HousePage> {
    const owner = await this.liveUser(userUid);
    const { rows, total } = await this.deps.works.visibleOfOwner(owner.id, 'panorama', {
      limit: page.pageSize,
      offset: (page.pageNum - 1) * page.pageSize,
    });
    const rentals = await this.deps.rentals.figuresOf(rows.map((row) => row.id));
    return {
      list: rows.map((row) => ({
        uid: row.uid,
        name: row.name,
        coverUrl: fileUrl(row.coverKey),
        address: row.address,
        latitude: row.latitude,
        longitude: row.longitude,
        views: row.views,
        rental: rentals.get(row.id) ?? null,
      })),
      total,
    };
  }

  /** `/space/shop?id=`: the market listings of the space's visible works and the owner's bookable services. */
  async shop(reader: Actor | undefined, id: number, check: CodeCheck): Promise<SpaceShop> {
    const row = await this.repository.findWithWorks({ id });
    const owner = await this.liveOwner(row);
    await this.admit(reader, row!, check);
    const space = row!;
    const [works, listings, provider, rules] = await Promise.all([
      this.deps.works.findByIds(space.workIds),
      this.deps.market.onMarketOfWorks(space.workIds),
      this.deps.signing.activeProvider(owner.id),
      this.deps.serviceOrders.priceRules(),
    ]);
    const visible = (workId: number) => {
      const work = works.get(workId);
      return work && isVisibleWorkOf(work, space.ownerId) ? work : undefined;
    };
    const items: ShopItem[] = listings.flatMap((listing) => {
      const work = visible(listing.workId);
      return work && listing.sellerId === space.ownerId
        ? [{ listingId: listing.id, work: workCard(work), priceFen: listing.priceFen, licence: listing.licence }]
        : [];
    });
    const services: ShopService[] = provider
      ? rules
          .filter((rule) => rule.enabled)
          .map((rule) => ({
            requirementType: rule.requirementType,
            nameZh: SERVICE_REQUIREMENT_TYPE_LABELS[rule.requirementType].zh,
            nameEn: SERVICE_REQUIREMENT_TYPE_LABELS[rule.requirementType].en,
            pricePerSiteFen: rule.pricePerSiteFen,
            pricePerM2Fen: rule.pricePerM2Fen,
            minimumFen: rule.minimumFen,
            depositBps: rule.depositBps,
          }))
      : [];
    const workCount = space.workIds.filter((workId) => visible(workId) !== undefined).length;
    return {
      space: { ...cardOf(space, workCount), templateCode: space.templateCode, brandColor: space.brandColor },
      listings: items,
      services,
    };
  }

  // ---- the owner's ----

  async mine(actor: AuthUser): Promise<SpaceCard[]> {
    return this.cards(actor.id, await this.repository.listOfOwner(actor.id, { publicOnly: false }));
  }

  async create(actor: AuthUser, input: SpaceFieldsInput): Promise<SpaceView> {
    const uid = newSpaceUid();
    const fields = await this.fieldsOf(input, undefined, uid);
    const id = await this.write(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_CLASS}, ${actor.id % 2_147_483_647}::int)`);
      if ((await this.repository.countLive(actor.id, tx)) >= SPACES_PER_OWNER_MAX)
        throw fail('spaceLimitReached', { max: SPACES_PER_OWNER_MAX });
      if (fields.website && (await this.repository.websiteTaken(fields.website, undefined, tx))) throw fail('spaceWebsiteTaken');
      const row = await this.repository.insert(
        {
          uid,
          ownerId: actor.id,
          kind: input.kind,
          name: fields.name!,
          intro: fields.intro ?? '',
          coverUrl: fields.coverUrl ?? '',
          logoUrl: fields.logoUrl ?? '',
          templateCode: fields.templateCode ?? (input.kind === 'enterprise' ? 'enterprise' : SPACE_TEMPLATE_DEFAULT),
          visibility: input.visibility,
          accessCodeHash: fields.accessCodeHash ?? null,
          website: fields.website ?? null,
          brandColor: fields.brandColor ?? null,
          contactPhone: fields.contactPhone ?? null,
          address: fields.address ?? '',
          latitude: fields.latitude ?? null,
          longitude: fields.longitude ?? null,
        },
        tx,
      );
      return row.id;
    });
    return this.ownView(actor, id);
  }

  /** Changes the fields given; turning a space private needs a code, unless it had one. */
  async update(actor: AuthUser, uid: string, input: SpaceFieldsUpdate): Promise<SpaceView> {
    // Checked against the space as read first (outside the transaction: the word list is read on its own connection).
    const seen = await this.findOwn(actor, uid);
    const fields = await this.fieldsOf(input, seen, seen.uid);
    const id = await this.write(async (tx) => {
      const current = await this.own(actor, uid, tx);
      if (fields.website && (await this.repository.websiteTaken(fields.website, current.id, tx))) throw fail('spaceWebsiteTaken');
      await this.repository.update(current.id, fields, tx);
      return current.id;
    });
    return this.ownView(actor, id);
  }

  async setTemplate(actor: AuthUser, uid: string, templateCode: string): Promise<SpaceView> {
    if (!isSpaceTemplateCode(templateCode)) throw fail('spaceTemplateUnknown');
    const id = await this.write(async (tx) => {
      const current = await this.own(actor, uid, tx);
      await this.repository.update(current.id, { templateCode }, tx);
      return current.id;
    });
    return this.ownView(actor, id);
  }

  /** Replaces the space's works with these of the owner's, in this order. */
  async setWorks(actor: AuthUser, uid: string, workUids: readonly string[]): Promise<SpaceView> {
    if (workUids.length > SPACE_WORKS_MAX) throw fail('spaceTooManyWorks', { max: SPACE_WORKS_MAX });
    if (new Set(workUids).size !== workUids.length) throw fail('spaceWorkRepeated');
    await this.findOwn(actor, uid);
    const workIds = await this.ownWorkIds(actor, workUids);
    const id = await this.write(async (tx) => {
      const current = await this.own(actor, uid, tx);
      await this.repository.replaceWorks(current.id, workIds, tx);
      await this.repository.touch(current.id, tx);
      return current.id;
    });
    return this.ownView(actor, id);
  }

  /** Appends one of the owner's works (right after an upload, say). */
  async appendWork(actor: AuthUser, uid: string, workUid: string): Promise<SpaceView> {
    await this.findOwn(actor, uid);
    const [workId] = await this.ownWorkIds(actor, [workUid]);
    const id = await this.write(async (tx) => {
      const current = await this.own(actor, uid, tx);
      const present = await this.repository.workIdsOf(current.id, tx);
      if (present.includes(workId!)) throw fail('spaceWorkAlreadyIn');
      if (present.length >= SPACE_WORKS_MAX) throw fail('spaceTooManyWorks', { max: SPACE_WORKS_MAX });
      await this.repository.appendWork(current.id, workId!, tx);
      await this.repository.touch(current.id, tx);
      return current.id;
    });
    return this.ownView(actor, id);
  }

  /** Soft delete: the page and the shop are gone, the website is free again. */
  async remove(actor: AuthUser, uid: string): Promise<void> {
    await this.write(async (tx) => {
      const current = await this.own(actor, uid, tx);
      await this.repository.softDelete(current.id, tx);
    });
  }

  // ---- helpers ----

  private write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.repository.db.transaction(work);
  }

  private async own(actor: Actor, uid: string, tx: Transaction): Promise<SpaceRow> {
    const row = await this.repository.lockOwn(actor.id, uid, tx);
    if (!row) throw fail('spaceNotFound');
    return row;
  }

  /** The actor's own live space, unlocked: another's is 404 before anything else is checked. */
  private async findOwn(actor: Actor, uid: string): Promise<SpaceRow> {
    const row = await this.repository.findWithWorks({ uid });
    if (!row || row.ownerId !== actor.id) throw fail('spaceNotFound');
    return row;
  }

  private async ownView(actor: AuthUser, id: number): Promise<SpaceView> {
    const row = await this.repository.findWithWorks({ id });
    if (!row) throw fail('spaceNotFound');
    return this.present(row, actor, actor);
  }

  /** The owner of a live space, unless the space is gone or its owner disabled (both: 404). */
  private async liveOwner(row: SpaceWithWorks | undefined): Promise<AuthUser> {
    if (!row) throw fail('spaceNotFound');
    const owner = await this.deps.users.getAuthUser(row.ownerId);
    if (!owner || owner.disabled) throw fail('spaceNotFound');
    return owner;
  }

  private async liveUser(userUid: string): Promise<AuthUser> {
    const id = await this.deps.users.findIdByUid(userUid);
    const user = id === undefined ? undefined : await this.deps.users.getAuthUser(id);
    if (!user || user.disabled) throw fail('spaceOwnerNotFound');
    return user;
  }

  /** Lets the reader in: a public space, its owner, or the right code (wrong ones limited per address and space). */
  private async admit(reader: Actor | undefined, row: SpaceRow, check: CodeCheck): Promise<void> {
    if (row.visibility === 'public' || reader?.id === row.ownerId) return;
    if (!check.code) throw new SpaceNeedsCodeError(row.name);
    const key = `space-code:${row.id}:${check.addressBucket}`;
    const attempt = await this.deps.rateLimiter.attempt(key, WRONG_CODE_RULE);
    if (!attempt.allowed) throw fail('spaceCodeAttemptsTooMany', { seconds: Math.max(1, Math.ceil(attempt.waitMs / 1000)) });
    if (!codeMatches(row, check.code)) throw fail('spaceWrongCode');
    await this.deps.rateLimiter.release(key);
  }

  private async present(
    row: SpaceWithWorks,
    owner: Pick<AuthUser, 'id' | 'uid' | 'name' | 'avatarUrl'>,
    reader: Actor | undefined,
  ): Promise<SpaceView> {
    const mine = reader?.id === row.ownerId;
    const works = await this.deps.works.findByIds(row.workIds);
    const cards = row.workIds.flatMap((workId) => {
      const work = works.get(workId);
      if (!work) return [];
      const shown = mine ? work.ownerId === row.ownerId && !work.deletedAt : isVisibleWorkOf(work, row.ownerId);
      return shown ? [workCard(work)] : [];
    });
    return {
      uid: row.uid,
      id: row.id,
      kind: row.kind,
      name: row.name,
      intro: row.intro,
      coverUrl: row.coverUrl,
      logoUrl: row.logoUrl,
      templateCode: row.templateCode,
      brandColor: row.brandColor,
      website: row.website,
      contactPhone: row.contactPhone,
      address: row.address,
      latitude: row.latitude,
      longitude: row.longitude,
      owner: profileOf(owner),
      works: cards,
      mine,
      visibility: mine ? row.visibility : 'public',
    };
  }

  /** Cards of one owner's spaces, each counting the works anyone may see (one query for all of them). */
  private async cards(ownerId: number, rows: readonly SpaceWithWorks[]): Promise<SpaceCard[]> {
    const visible = await this.deps.works.visibleIdsAmong(
      ownerId,
      rows.flatMap((row) => row.workIds),
    );
    return rows.map((row) => cardOf(row, row.workIds.filter((workId) => visible.has(workId)).length));
  }

  /** The works behind these uids, each the actor's own and outside the recycle bin; their ids in the same order. */
  private async ownWorkIds(actor: Actor, workUids: readonly string[]): Promise<number[]> {
    if (workUids.length === 0) return [];
    const ids = await this.deps.works.idsByUid(workUids);
    const rows = await this.deps.works.findByIds([...ids.values()]);
    return workUids.map((workUid) => {
      const id = ids.get(workUid);
      const work = id === undefined ? undefined : rows.get(id);
      if (!work || work.ownerId !== actor.id || work.deletedAt) throw fail('spaceWorkNotYours');
      return work.id;
    });
  }

  /**
   * The columns an input sets, checked: the given fields only (a create gives the required ones), against
   * the space as it is (`current`) for the rules across fields.
   */
  private async fieldsOf(input: SpaceFieldsUpdate, current: SpaceRow | undefined, uid: string): Promise<SpaceChanges> {
    const changes: SpaceChanges = {};
    if (input.kind !== undefined) changes.kind = input.kind;
    if (input.name !== undefined) {
      const name = input.name.trim();
      if (name.length < 1 || name.length > SPACE_NAME_MAX) throw fail('spaceNameInvalid', { max: SPACE_NAME_MAX });
      await this.deps.sensitiveWords.assertClean('name', name);
      changes.name = name;
    }
    if (input.intro !== undefined) {
      const intro = input.intro.trim();
      await this.deps.sensitiveWords.assertClean('intro', intro);
      changes.intro = intro;
    }
    if (input.address !== undefined) {
      const address = input.address.trim();
      await this.deps.sensitiveWords.assertClean('address', address);
      changes.address = address;
    }
    if (input.templateCode !== undefined) {
      if (!isSpaceTemplateCode(input.templateCode)) throw fail('spaceTemplateUnknown');
      changes.templateCode = input.templateCode;
    }
    for (const field of ['coverUrl', 'logoUrl'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      const url = value.trim();
      if (url && !isImageUrl(url)) throw fail('spaceImageUrlInvalid');
      changes[field] = url;
    }
    if (input.brandColor !== undefined) {
      const color = input.brandColor?.trim() || null;
      if (color !== null && !SPACE_BRAND_COLOR_PATTERN.test(color)) throw fail('spaceBrandColorInvalid');
      changes.brandColor = color?.toLowerCase() ?? null;
    }
    if (input.contactPhone !== undefined) changes.contactPhone = input.contactPhone?.trim() || null;
    if (input.latitude !== undefined || input.longitude !== undefined) {
      const latitude = input.latitude ?? null;
      const longitude = input.longitude ?? null;
      if ((latitude === null) !== (longitude === null)) throw fail('spaceLocationIncomplete');
      changes.latitude = latitude;
      changes.longitude = longitude;
    }
    if (input.website !== undefined) {
      const website = input.website?.trim().toLowerCase() || null;
      if (website !== null && !SPACE_WEBSITE_PATTERN.test(website)) throw fail('spaceWebsiteInvalid');
      changes.website = website;
    }
    const kind = changes.kind ?? current?.kind;
    const website = changes.website !== undefined ? changes.website : (current?.website ?? null);
    if (website !== null && kind !== 'enterprise') throw fail('spaceWebsiteEnterpriseOnly');

    const visibility = input.visibility ?? current?.visibility;
    if (input.visibility !== undefined) changes.visibility = input.visibility;
    if (visibility === 'private') {
      if (input.accessCode !== undefined) {
        if (!SPACE_ACCESS_CODE_PATTERN.test(input.accessCode)) throw fail('spaceAccessCodeInvalid');
        changes.accessCodeHash = hashAccessCode(uid, input.accessCode);
      } else if (!current?.accessCodeHash) {
        throw fail('spaceAccessCodeRequired');
      }
    } else {
      if (input.accessCode !== undefined && input.accessCode !== '' && !SPACE_ACCESS_CODE_PATTERN.test(input.accessCode)) {
        throw fail('spaceAccessCodeInvalid');
      }
      changes.accessCodeHash = null;
    }
    return changes;
  }
}

/** What anyone may see of a space's work: the space owner's still, online, outside the recycle bin. */
function isVisibleWorkOf(work: WorkRow, ownerId: number): boolean {
  return work.ownerId === ownerId && !work.deletedAt && isWorkOnline(work.status);
}

function workCard(work: WorkRow): SpaceWorkCard {
  return { uid: work.uid, name: work.name, type: work.type, coverUrl: fileUrl(work.coverKey), address: work.address, views: work.views };
}

function cardOf(row: SpaceRow, workCount: number): SpaceCard {
  return {
    uid: row.uid,
    id: row.id,
    kind: row.kind,
    name: row.name,
    intro: row.intro,
    coverUrl: row.coverUrl,
    logoUrl: row.logoUrl,
    visibility: row.visibility,
    workCount,
  };
}

function profileOf(user: Pick<AuthUser, 'uid' | 'name' | 'avatarUrl'>): SpaceOwner {
  return { uid: user.uid, name: user.name, avatarUrl: user.avatarUrl };
}

/** A cover or logo: a file of ours (`/files/…`) or an https address. */
function isImageUrl(url: string): boolean {
  return (url.startsWith('/files/') || url.startsWith('https://')) && !/\s/.test(url);
}
