import {
  ENTERPRISE_BUSINESS_ROLE,
  USER_SEARCH_COUNT_AHEAD_PAGES,
  USER_SEARCH_TOTAL_CAP,
  type AdminUserPage,
  type AdminUserSummary,
  type UserStatus,
} from '@spatia/contract';
import type { Db } from '../../db/database.js';
import { UserDirectoryRepository, type DirectoryFilter, type DirectoryRow } from './user-directory.repository.js';
import { presentUserIdentity } from './user-identity.js';
import type { PublicProfile } from './users.service.js';

export interface UserSearch {
  /** A phone prefix (digits), a name prefix (anything else), or an exact invite code. */
  q?: string;
  role?: string;
  status?: UserStatus;
  pageNum: number;
  pageSize: number;
}

/** Digits, with the spaces and dashes people type in phone numbers. */
const PHONE_INPUT = /^[\d\s-]+$/;
/** Invite codes are six letters and digits; anything else is not looked up as one (it would cost a query). */
const INVITE_CODE_INPUT = /^[A-Za-z0-9]{6}$/;

export interface DirectoryLimits {
  /** Where counting and paging stop (USER_SEARCH_TOTAL_CAP). */
  totalCap: number;
  /** How many pages past the one asked for a count looks (USER_SEARCH_COUNT_AHEAD_PAGES). */
  countAheadPages: number;
}

/** The back office's view of accounts: search and one user's facts (docs/back-office.md). */
export class UserDirectoryService {
  constructor(
    private readonly repository: UserDirectoryRepository,
    /** Tests lower them. */
    private readonly limits: DirectoryLimits = { totalCap: USER_SEARCH_TOTAL_CAP, countAheadPages: USER_SEARCH_COUNT_AHEAD_PAGES },
  ) {}

  static on(db: Db, limits?: DirectoryLimits): UserDirectoryService {
    return new UserDirectoryService(new UserDirectoryRepository(db), limits);
  }

  /**
   * A page of users. Digits search phone numbers by prefix, other text names by prefix (any case);
   * a query that is exactly someone's invite code lists that user first. Without a query, newest first.
   * The count looks a few pages past this one and stops there (`totalCapped` says there are more):
   * counting every match of a short prefix among a million users would cost more than the page. Paging
   * stops at USER_SEARCH_TOTAL_CAP; a narrower search finds the rest.
   */
  async search({ q = '', role, status, pageNum, pageSize }: UserSearch): Promise<AdminUserPage> {
    const query = q.trim();
    const base: DirectoryFilter = { role, status };
    const exact = INVITE_CODE_INPUT.test(query)
      ? (await this.repository.search({ ...base, inviteCode: query.toUpperCase() }, 0, 1))[0]
      : undefined;
    const filter: DirectoryFilter = { ...base, excludeId: exact?.id };
    if (PHONE_INPUT.test(query)) filter.phonePrefix = query.replace(/[\s-]/g, '');
    else if (query !== '') filter.namePrefix = query;

    const first = exact ? 1 : 0;
    const offset = (pageNum - 1) * pageSize;
    const { totalCap, countAheadPages } = this.limits;
    const end = Math.min(offset + pageSize, totalCap);
    const countLimit = Math.min(totalCap, offset + countAheadPages * pageSize);
    const [rows, counted] = await Promise.all([
      this.repository.search(filter, Math.max(0, offset - first), end - Math.max(offset, first)),
      this.repository.countUpTo(filter, countLimit - first + 1),
    ]);
    const list = [...(exact && offset === 0 ? [exact] : []), ...rows].map(toSummary);
    const matched = counted + first;
    return { list, total: Math.min(matched, countLimit), totalCapped: matched > countLimit, pageNum, pageSize };
  }

  /**
   * Enabled accounts whose name starts with `name` (any case), in the name index's order: all a stranger
   * may find people by on the site's search (docs/search.md); never phone numbers or invite codes, and
   * only what a homepage shows. Counting stops after `totalCap`.
   */
  async searchByName(
    name: string,
    page: { offset: number; limit: number },
    totalCap: number,
  ): Promise<{ list: (PublicProfile & { id: number })[]; total: number; totalCapped: boolean }> {
    const filter: DirectoryFilter = { namePrefix: name, status: 'active' };
    const [rows, counted] = await Promise.all([
      this.repository.search(filter, page.offset, page.limit),
      this.repository.countUpTo(filter, totalCap + 1),
    ]);
    return {
      list: rows.map((row) => ({ id: row.id, uid: row.uid, name: row.fullName, avatarUrl: row.avatarUrl })),
      total: Math.min(counted, totalCap),
      totalCapped: counted > totalCap,
    };
  }

  async find(userId: number): Promise<(AdminUserSummary & { disabledAt: number | null }) | undefined> {
    const row = await this.repository.findById(userId);
    return row && { ...toSummary(row), disabledAt: row.disabledAt?.getTime() ?? null };
  }
}

function toSummary(row: DirectoryRow): AdminUserSummary {
  return {
    ...presentUserIdentity(row),
    enterprise: row.businessRoleCode === ENTERPRISE_BUSINESS_ROLE,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.getTime(),
    inviteCode: row.inviteCode,
  };
}
