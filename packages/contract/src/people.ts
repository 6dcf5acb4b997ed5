import { defineErrors } from './errors.js';
import type { IdentityBadge } from './identity.js';
import type { Page } from './api.js';
import type { WorkSummary, WorkType } from './works.js';
import peopleErrors from './people.errors.json' with { type: 'json' };

/** Follows, fans and personal homepages (the people module, docs/people.md): 2501–2530. */
export const PeopleErrors = defineErrors(peopleErrors);

/** Longest remark name one may give a person one follows (`POST /api/v2/c/follow/{phoneOrCodes}?remarkName=`). */
export const REMARK_NAME_MAX = 20;
/** Longest search text of the follow lists and the people search (`q`). */
export const PEOPLE_QUERY_MAX = 50;
/** Rows of a follow list page unless `pageSize` says otherwise, and the most it may say. */
export const FOLLOW_PAGE_SIZE_DEFAULT = 20;
export const FOLLOW_PAGE_SIZE_MAX = 50;
/** The most people one answer of `GET /api/c/availableAuthorizePersonList/search` holds. */
export const AUTHORIZE_SEARCH_MAX = 20;
/** Works of a homepage page unless `pageSize` says otherwise. */
export const PERSON_WORKS_PAGE_SIZE_DEFAULT = 12;

/** A person as lists and search answers show them. */
export interface PersonCard {
  uid: string;
  name: string;
  avatarUrl: string;
}

/**
 * One row of `GET /api/c/follows`, `/api/c/fans` and `/api/c/followEachOthers`. `remarkName` is the
 * remark the signed-in person gave this person when following them ('' when none, or when they do not
 * follow them); `mutual`: each follows the other. `since`: when the relation the list is about began
 * (epoch ms): my follow of them in follows and mutual follows, their follow of me in fans.
 */
export interface FollowListItem extends PersonCard {
  remarkName: string;
  mutual: boolean;
  since: number;
}

/**
 * Query of the three follow lists. Keyset paging: the first page is asked without `cursor`; each answer's
 * `nextCursor` asks the next page, and is null on the last one. Newest relation first. `q` keeps the
 * people whose name or remark name contains it (case-insensitive).
 */
export interface FollowListQuery {
  q?: string;
  cursor?: string;
  pageSize?: number;
}

/** One page of a follow list. A cursor is opaque: send back the one received, never build one. */
export interface FollowListPage {
  list: FollowListItem[];
  nextCursor: string | null;
}

/** The relation between the signed-in person and another, as each follow call answers it. */
export interface FollowRelation {
  uid: string;
  /** I follow them. */
  isFollowing: boolean;
  /** They follow me. */
  isFollowedBy: boolean;
  /** My remark name for them ('' when none or when I do not follow them). */
  remarkName: string;
}

/** Why a person is offered first by the people search: a mutual follow, or a member of my team. */
export type AuthorizeRelation = 'mutual' | 'team' | 'other';

/**
 * One person of `GET /api/c/availableAuthorizePersonList/search?q=`: mutual follows and team members
 * (invited by me or by someone I invited, or my inviter and theirs) first, then anyone else whose phone
 * number or name is exactly `q`.
 */
export interface AuthorizeCandidate extends PersonCard {
  relation: AuthorizeRelation;
  remarkName: string;
}

/** Works a homepage counts per type: only those anyone may see (online, outside the recycle bin). */
export type PublicWorkCounts = Record<WorkType, number>;

/**
 * A personal homepage (`GET /api/open/person/{uid}`, open to everyone; `GET /api/c/person` for my own).
 * `viewer` is null when nobody is signed in; for the person themselves both flags are false.
 */
export interface PersonHomepage extends PersonCard {
  /** The enterprise logo (an https address), '' when the person is not an enterprise or has none. */
  enterpriseLogoUrl: string;
  /** Approved identities, named in the reader's language. */
  identities: IdentityBadge[];
  follows: number;
  fans: number;
  works: PublicWorkCounts;
  worksTotal: number;
  isSelf: boolean;
  viewer: { isFollowing: boolean; isFollowedBy: boolean; remarkName: string } | null;
}

/**
 * `GET /api/open/person/{uid}/works?type=&pageNum=&pageSize=`: a person's public works, newest first,
 * paged by page number (the works grid pages like every other works list). Only works anyone may open:
 * online, outside the recycle bin; statuses as the public sees them (`publicWorkStatus`).
 */
export type PersonWorksPage = Page<WorkSummary>;
