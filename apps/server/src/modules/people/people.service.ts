import {
  AUTHORIZE_SEARCH_MAX,
  ENTERPRISE_BUSINESS_ROLE,
  WORK_TYPES,
  type AuthorizeCandidate,
  type FollowListItem,
  type FollowListPage,
  type FollowRelation,
  type IdentityBadge,
  type Language,
  type PersonHomepage,
  type PersonWorksPage,
  type PublicWorkCounts,
  type WorkType,
} from '@spatia/contract';
import type { Db } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { IdentityService } from '../identity/index.js';
import type { AuthUser, UserDirectoryService, UsersService } from '../users/index.js';
import type { WorksService } from '../works/index.js';
import type { FollowListKind, PeopleRepository } from './people.repository.js';

/** A person as the site's search shows them to anyone. */
export interface PublicPersonHit {
  uid: string;
  name: string;
  avatarUrl: string;
  identities: IdentityBadge[];
}

export interface FollowListOptions {
  q?: string;
  cursor?: string;
  pageSize: number;
}

/** Follows, fans, mutual follows, the people search and personal homepages (docs/people.md). */
export class PeopleService {
  constructor(
    private readonly db: Db,
    private readonly repository: PeopleRepository,
    private readonly users: UsersService,
    private readonly works: WorksService,
    private readonly identity: IdentityService,
    private readonly directory: UserDirectoryService,
  ) {}

  /** `POST /c/follow/{id}`: follows the person with this uid; following again changes nothing. */
  async follow(me: AuthUser, uid: string): Promise<FollowRelation> {
    const otherId = await this.personId(uid);
    return this.followId(me, otherId, undefined, 'personNotFound');
  }

  /** `POST /v2/c/follow/{phoneOrCodes}`: follows by phone number or invite code; a given remark name replaces mine. */
  async followByPhoneOrCode(me: AuthUser, phoneOrCode: string, remarkName: string | undefined): Promise<FollowRelation> {
    const otherId = await this.users.findIdByPhoneOrInviteCode(phoneOrCode);
    if (otherId === undefined) throw fail('followTargetNotFound');
    return this.followId(me, otherId, remarkName?.trim(), 'followTargetNotFound');
  }

  /** `POST /c/unFollow/{id}`: stops following; when I do not follow them, nothing changes. */
  async unfollow(me: AuthUser, uid: string): Promise<FollowRelation> {
    const otherId = await this.personId(uid);
    if (otherId === me.id) throw fail('followSelf');
    await this.db.transaction((tx) => this.repository.unfollow(me.id, otherId, tx));
    return this.relation(me.id, otherId, uid);
  }

  /** `POST /c/removeFollow/{id}`: they no longer follow me; when they did not, nothing changes. */
  async removeFollower(me: AuthUser, uid: string): Promise<FollowRelation> {
    const otherId = await this.personId(uid);
    if (otherId === me.id) throw fail('followSelf');
    await this.db.transaction((tx) => this.repository.unfollow(otherId, me.id, tx));
    return this.relation(me.id, otherId, uid);
  }

  /** One page of my follows, fans or mutual follows (keyset: `cursor` is the last row's id). */
  async list(me: AuthUser, kind: FollowListKind, options: FollowListOptions): Promise<FollowListPage> {
    const afterId = parseCursor(options.cursor);
    const rows = await this.repository.list(kind, me.id, { q: options.q?.trim() ?? '', afterId, limit: options.pageSize });
    const page = rows.slice(0, options.pageSize);
    const list: FollowListItem[] = page.map((row) => ({
      uid: row.uid,
      name: row.name,
      avatarUrl: row.avatarUrl,
      remarkName: row.remarkName,
      mutual: row.mutual,
      since: row.since.getTime(),
    }));
    return { list, nextCursor: rows.length > options.pageSize ? String(page[page.length - 1]!.id) : null };
  }

  /**
   * People I may hand a work to: my mutual follows and my team first (those matching `q`; all of them,
   * up to the limit, for an empty `q`), then anyone else whose phone number or name is exactly `q`.
   * Never myself, never a disabled account.
   */
  async searchAuthorizable(me: AuthUser, rawQ: string | undefined): Promise<AuthorizeCandidate[]> {
    const q = rawQ?.trim() ?? '';
    const limit = AUTHORIZE_SEARCH_MAX;
    const [mutual, team] = await Promise.all([
      this.repository.mutualMatching(me.id, q, limit),
      this.users.findTeamMatching(me.id, q, limit),
    ]);
    const ordered = new Map<number, { relation: AuthorizeCandidate['relation']; remarkName: string }>();
    for (const row of mutual) ordered.set(row.id, { relation: 'mutual', remarkName: row.remarkName });
    for (const id of team) if (!ordered.has(id)) ordered.set(id, { relation: 'team', remarkName: '' });
    let byPhone: number | undefined;
    if (q !== '' && ordered.size < limit) {
      byPhone = await this.users.findIdByPhone(q);
      const byName = await this.users.findIdsByExactName(q, limit);
      for (const id of [...(byPhone === undefined ? [] : [byPhone]), ...byName]) {
        if (!ordered.has(id)) ordered.set(id, { relation: 'other', remarkName: '' });
      }
    }
    ordered.delete(me.id);
    const ids = [...ordered.keys()].slice(0, limit);
    // A phone number is told only to whom it is no news: mutual follows, the team, or whoever typed it.
    const phoneShown = ids.filter((id) => ordered.get(id)!.relation !== 'other' || id === byPhone);
    const [profiles, remarks, phones] = await Promise.all([
      this.users.findPublicProfiles(ids),
      this.repository.remarksOf(me.id, ids),
      this.users.findPhones(phoneShown),
    ]);
    const candidates: AuthorizeCandidate[] = [];
    for (const id of ids) {
      const profile = profiles.get(id);
      const entry = ordered.get(id)!;
      if (!profile) continue;
      candidates.push({
        ...profile,
        relation: entry.relation,
        remarkName: remarks.get(id) ?? entry.remarkName,
        phoneNumber: phones.get(id) ?? null,
      });
    }
    return candidates;
  }

  /**
   * The site's search over people (docs/search.md): enabled accounts by the start of their name, with
   * only what their homepage shows anyone (name, avatar, approved identities).
   */
  async searchPublic(query: {
    keyword: string;
    offset: number;
    limit: number;
    totalCap: number;
    language: Language;
  }): Promise<{ list: PublicPersonHit[]; total: number; totalCapped: boolean }> {
    const name = query.keyword.trim();
    if (name === '') return { list: [], total: 0, totalCapped: false };
    const found = await this.directory.searchByName(name, query, query.totalCap);
    const badges =
      found.list.length > 0
        ? await this.identity.approvedIdentitiesOf(
            found.list.map((person) => person.id),
            query.language,
          )
        : new Map();
    return {
      list: found.list.map(({ id, ...person }) => ({ ...person, identities: badges.get(id) ?? [] })),
      total: found.total,
      totalCapped: found.totalCapped,
    };
  }

  /** A personal homepage: open to everyone; `viewer` only for a signed-in reader. */
  async homepage(viewer: AuthUser | undefined, uid: string, language: Language): Promise<PersonHomepage> {
    const personId = await this.personId(uid);
    return this.homepageOf(viewer, personId, language);
  }

  /** The signed-in person's own homepage (`/person` without a uid). */
  async ownHomepage(me: AuthUser, language: Language): Promise<PersonHomepage> {
    return this.homepageOf(me, me.id, language);
  }

  /**
   * A person's public works of one type (or all), as anyone sees them: the works module's own list of
   * someone else's works (online only, outside the recycle bin, statuses as the public sees them),
   * whoever asks, so the homepage shows its owner what others see.
   */
  async publicWorks(
    uid: string,
    query: { type?: WorkType; pageNum: number; pageSize: number },
    language: Language,
  ): Promise<PersonWorksPage> {
    const person = await this.users.getAuthUser(await this.personId(uid));
    if (!person || person.disabled) throw fail('personNotFound');
    return this.works.list(undefined, uid, { pageNum: query.pageNum, pageSize: query.pageSize, type: query.type }, language);
  }

  /** How many people follow the user and how many they follow (the console's overview). */
  async counts(userId: number): Promise<{ follows: number; fans: number }> {
    return this.repository.counts(userId);
  }

  /** Rebuilds the follow counters from the rows (`npm run admin -- recount`); answers how many it corrected. */
  recount(): Promise<number> {
    return this.db.transaction((tx) => this.repository.recount(tx));
  }

  private async homepageOf(viewer: AuthUser | undefined, personId: number, language: Language): Promise<PersonHomepage> {
    const person = await this.users.getAuthUser(personId);
    if (!person || person.disabled) throw fail('personNotFound');
    const [counts, badges, works, relation] = await Promise.all([
      this.repository.counts(personId),
      this.identity.approvedIdentitiesOf([personId], language),
      this.publicWorkCounts(person.uid),
      viewer && viewer.id !== personId ? this.relation(viewer.id, personId, person.uid) : undefined,
    ]);
    return {
      uid: person.uid,
      name: person.name,
      avatarUrl: person.avatarUrl,
      enterpriseLogoUrl: person.businessRoleCode === ENTERPRISE_BUSINESS_ROLE ? person.enterpriseLogoUrl : '',
      identities: badges.get(personId) ?? [],
      follows: counts.follows,
      fans: counts.fans,
      works,
      worksTotal: Object.values(works).reduce((sum, count) => sum + count, 0),
      isSelf: viewer?.id === personId,
      viewer: viewer
        ? {
            isFollowing: relation?.isFollowing ?? false,
            isFollowedBy: relation?.isFollowedBy ?? false,
            remarkName: relation?.remarkName ?? '',
          }
        : null,
    };
  }

  private async publicWorkCounts(uid: string): Promise<PublicWorkCounts> {
    const totals = await Promise.all(
      WORK_TYPES.map(async (type) => (await this.works.list(undefined, uid, { pageNum: 1, pageSize: 1, type })).total),
    );
    return Object.fromEntries(WORK_TYPES.map((type, index) => [type, totals[index]!])) as PublicWorkCounts;
  }

  /** A disabled account cannot be followed (its homepage is gone too); one may still unfollow it. */
  private async followId(
    me: AuthUser,
    otherId: number,
    remarkName: string | undefined,
    notFound: 'personNotFound' | 'followTargetNotFound',
  ): Promise<FollowRelation> {
    if (otherId === me.id) throw fail('followSelf');
    const other = await this.users.getAuthUser(otherId);
    if (!other || other.disabled) throw fail(notFound);
    await this.db.transaction((tx) => this.repository.follow(me.id, otherId, remarkName, tx));
    return this.relation(me.id, otherId, other.uid);
  }

  private async relation(meId: number, otherId: number, uid: string): Promise<FollowRelation> {
    const [mine, theirs] = await Promise.all([this.repository.find(meId, otherId), this.repository.find(otherId, meId)]);
    return { uid, isFollowing: mine !== undefined, isFollowedBy: theirs !== undefined, remarkName: mine?.remarkName ?? '' };
  }

  /** The id of the person with this uid; `personNotFound` when nobody has it. */
  private async personId(uid: string): Promise<number> {
    const id = await this.users.findIdByUid(uid);
    if (id === undefined) throw fail('personNotFound');
    return id;
  }
}

/** A cursor is the decimal id of the last row of the previous page. */
function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^[1-9][0-9]{0,15}$/.test(cursor)) throw fail('invalidCursor');
  const id = Number(cursor);
  if (!Number.isSafeInteger(id)) throw fail('invalidCursor');
  return id;
}
