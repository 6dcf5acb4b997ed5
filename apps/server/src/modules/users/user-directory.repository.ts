import { and, count, desc, eq, exists, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { UserStatus } from '@spatia/contract';
import type { Db } from '../../db/database.js';
import { userRoles, users } from './users.tables.js';
import { prefixPattern } from '../../db/like-pattern.js';

/** Which users a back-office search reads. The prefixes are exclusive: a search is by phone or by name. */
export interface DirectoryFilter {
  phonePrefix?: string;
  /** Compared with `lower(full_name)`, case-insensitively. */
  namePrefix?: string;
  inviteCode?: string;
  role?: string;
  status?: UserStatus;
  /** Leaves one user out (the exact invite-code match, listed first by the service). */
  excludeId?: number;
}

export interface DirectoryRow {
  id: number;
  uid: string;
  phone: string;
  fullName: string;
  avatarUrl: string;
  businessRoleCode: string;
  inviteCode: string;
  roles: string[];
  disabledAt: Date | null;
  createdAt: Date;
}

const rolesOfUser = sql<
  string[]
>`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`;

const columns = {
  id: users.id,
  uid: users.uid,
  phone: users.phone,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
  businessRoleCode: users.businessRoleCode,
  inviteCode: users.inviteCode,
  roles: rolesOfUser,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

/**
 * The back office's reads of the users table: search by phone prefix, name prefix or invite code with
 * role and status filters. Each search walks one index in its own order (phone `users_phone_prefix`,
 * name `users_name_prefix`, none the primary key backwards, a role `user_roles_role`, disabled
 * `users_disabled`) and stops at the page, so it stays fast on a million users (bench/user-search.mjs).
 */
export class UserDirectoryRepository {
  constructor(private readonly db: Db) {}

  async search(filter: DirectoryFilter, offset: number, limit: number): Promise<DirectoryRow[]> {
    if (limit <= 0) return [];
    return this.db
      .select(columns)
      .from(users)
      .where(this.where(filter))
      .orderBy(...orderOf(filter))
      .offset(offset)
      .limit(limit);
  }

  /**
   * How many users match, counting no further than `atMost`. The matches are walked in the search's
   * index order: without it the planner may expect a short prefix's many matches early in a plain
   * scan of the table, and on a million users read tens of thousands of rows to find them.
   */
  async countUpTo(filter: DirectoryFilter, atMost: number): Promise<number> {
    const matches = this.db
      .select({ one: sql`1`.as('one') })
      .from(users)
      .where(this.where(filter))
      .orderBy(orderOf(filter)[0]!)
      .limit(atMost)
      .as('matches');
    const [row] = await this.db.select({ total: count() }).from(matches);
    return Number(row?.total ?? 0);
  }

  async findById(id: number): Promise<DirectoryRow | undefined> {
    const [row] = await this.db.select(columns).from(users).where(eq(users.id, id));
    return row;
  }

  /** The SQL of a search, for tests that check its plan uses the intended index. */
  searchQuery(filter: DirectoryFilter, offset: number, limit: number): SQL {
    return sql`${this.db
      .select(columns)
      .from(users)
      .where(this.where(filter))
      .orderBy(...orderOf(filter))
      .offset(offset)
      .limit(limit)}`;
  }

  private where(filter: DirectoryFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.phonePrefix !== undefined) conditions.push(sql`${users.phone} like ${prefixPattern(filter.phonePrefix)}`);
    if (filter.namePrefix !== undefined) {
      conditions.push(sql`lower(${users.fullName}) like lower(${prefixPattern(filter.namePrefix)})`);
    }
    if (filter.inviteCode !== undefined) conditions.push(eq(users.inviteCode, filter.inviteCode));
    if (filter.excludeId !== undefined) conditions.push(ne(users.id, filter.excludeId));
    if (filter.status === 'disabled') conditions.push(isNotNull(users.disabledAt));
    if (filter.status === 'active') conditions.push(isNull(users.disabledAt));
    if (filter.role !== undefined) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, users.id), eq(userRoles.role, filter.role))),
        ),
      );
    }
    return and(...conditions);
  }
}

/**
 * Phone and name searches list in the order of their index (`~<~` is the order of `text_pattern_ops`,
 * so the index scan itself is sorted and stops at the page); anything else lists the newest first.
 */
function orderOf(filter: DirectoryFilter): SQL[] {
  if (filter.phonePrefix !== undefined) return [sql`${users.phone} using ~<~`];
  if (filter.namePrefix !== undefined) return [sql`lower(${users.fullName}) using ~<~`, sql`${users.id}`];
  return [desc(users.id)];
}
