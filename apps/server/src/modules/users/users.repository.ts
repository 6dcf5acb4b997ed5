import { and, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Role } from '@spatia/contract';
import { rowsOf, type Db, type Executor, type Transaction } from '../../db/database.js';
import { countAll, countPerDay, type DailyCount } from '../../db/daily-counts.js';
import { membershipGraceEnd, membershipVersionGroups, userMemberships } from '../membership/membership.tables.js';
import { permissionCatalogue, rolePermissions } from '../access/access.tables.js';
import { tiers, userPermissions, userRoles, users } from './users.tables.js';
import type { BusinessCalendar } from '../../lib/business-time.js';
import { containsPattern } from '../../db/like-pattern.js';

export interface NewUser {
  uid: string;
  phone: string;
  fullName: string;
  inviteCode: string;
  passwordHash: string | null;
  roles: readonly string[];
  permissionIds: readonly number[];
  invitedByUserId?: number | null;
}

export interface UserProfileRow {
  id: number;
  uid: string;
  phone: string;
  fullName: string;
  avatarUrl: string;
  enterpriseLogoUrl: string;
  businessRoleCode: string;
  roles: string[];
  /** Effective permission ids, ascending and unique: roles' defaults, the active membership's groups and grants (all of the catalogue for an admin). */
  permissionIds: number[];
  disabled: boolean;
  /**
   * When the effective permissions next change by themselves (epoch ms): the end of the active
   * membership, or its start when it has not begun; null when nothing is due.
   */
  permissionsChangeAt: number | null;
}

/** The ids each source gives a user (docs/access.md); an admin's role gives the whole catalogue. */
export interface PermissionSources {
  role: number[];
  membership: number[];
  grant: number[];
}

/** A user_memberships row that counts now: active, begun and not past its grace (the expiry job may not have run yet). */
function activeMembershipOf(userId: SQL | number): SQL {
  return sql`${userMemberships.userId} = ${userId} and ${userMemberships.status} = 'active' and ${userMemberships.startsAt} <= now() and ${membershipGraceEnd} > now()`;
}

function isAdminSql(userId: SQL | number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = ${Role.admin})`;
}

const catalogueIds = sql`select ${permissionCatalogue.permId} from ${permissionCatalogue}`;

function roleDefaultIds(userId: SQL | number): SQL {
  return sql`select ${rolePermissions.permId} from ${rolePermissions} join ${userRoles} on ${userRoles.role} = ${rolePermissions.role} where ${userRoles.userId} = ${userId}`;
}

function membershipIds(userId: SQL | number): SQL {
  return sql`select ${permissionCatalogue.permId} from ${userMemberships}
    join ${membershipVersionGroups} on ${membershipVersionGroups.versionId} = ${userMemberships.versionId}
    join ${permissionCatalogue} on ${permissionCatalogue.groupCode} = ${membershipVersionGroups.groupCode}
    where ${activeMembershipOf(userId)}`;
}

function grantIds(userId: SQL | number): SQL {
  return sql`select ${userPermissions.permissionId} from ${userPermissions} where ${userPermissions.userId} = ${userId}`;
}

/** Ascending, unique ids of a query's single column; `'{}'` when it has none. */
function sortedIds(query: SQL): SQL<number[]> {
  return sql<number[]>`(select coalesce(array_agg(ids.id order by ids.id), '{}') from (${query}) as ids(id))`;
}

/** The effective permissions of the user in the outer query (`users.id`): one statement, no round trips. */
const effectivePermissionsOfUser = sql<number[]>`case when ${isAdminSql(sql`${users.id}`)} then ${sortedIds(catalogueIds)} else ${sortedIds(
  sql`${roleDefaultIds(sql`${users.id}`)} union ${membershipIds(sql`${users.id}`)} union ${grantIds(sql`${users.id}`)}`,
)} end`;

/**
 * Drizzle writes the columns of a single-table select's own SQL fields without their table name
 * (`"id"`), which inside a subquery would bind to the subquery's table; a field wrapped once more
 * keeps every column qualified.
 */
function qualified<T>(field: SQL<T>): SQL<T> {
  return sql<T>`${field}`;
}

const permissionsChangeAtOfUser = qualified(sql<
  number | null
>`(select (extract(epoch from case when ${userMemberships.startsAt} > now() then ${userMemberships.startsAt} else ${membershipGraceEnd} end) * 1000)::float8
  from ${userMemberships} where ${userMemberships.userId} = ${users.id} and ${userMemberships.status} = 'active' and ${membershipGraceEnd} > now()
  order by 1 limit 1)`);

const rolesOfUser = qualified(
  sql<
    string[]
  >`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
);

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the user with its roles and permissions in one transaction. */
  async insert(
    user: NewUser,
    alsoWithin?: (tx: Transaction, created: { id: number }) => Promise<void>,
  ): Promise<{ id: number; uid: string }> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          uid: user.uid,
          phone: user.phone,
          fullName: user.fullName,
          inviteCode: user.inviteCode,
          passwordHash: user.passwordHash,
          invitedByUserId: user.invitedByUserId ?? null,
        })
        .returning({ id: users.id, uid: users.uid });
      if (!created) throw new Error('insert returned no row');
      if (user.roles.length > 0) {
        await tx.insert(userRoles).values(user.roles.map((role) => ({ userId: created.id, role })));
      }
      if (user.permissionIds.length > 0) {
        await tx.insert(userPermissions).values(user.permissionIds.map((permissionId) => ({ userId: created.id, permissionId })));
      }
      await alsoWithin?.(tx, created);
      return created;
    });
  }

  async findCredentialsByPhone(phone: string): Promise<{ id: number; uid: string; passwordHash: string | null } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, uid: users.uid, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.phone, phone));
    return row;
  }

  async findProfileById(id: number): Promise<UserProfileRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        uid: users.uid,
        phone: users.phone,
        fullName: users.fullName,
        avatarUrl: users.avatarUrl,
        enterpriseLogoUrl: users.enterpriseLogoUrl,
        businessRoleCode: users.businessRoleCode,
        roles: rolesOfUser,
        permissionIds: effectivePermissionsOfUser,
        disabled: sql<boolean>`${users.disabledAt} is not null`,
        permissionsChangeAt: permissionsChangeAtOfUser,
      })
      .from(users)
      .where(eq(users.id, id));
    return (
      row && {
        ...row,
        permissionIds: row.permissionIds.map(Number),
        permissionsChangeAt: row.permissionsChangeAt === null ? null : Number(row.permissionsChangeAt),
      }
    );
  }

  /** Where each of the user's permissions comes from (the back office's tree shows it). */
  async findPermissionSources(userId: number): Promise<PermissionSources> {
    const [row] = await rowsOf<PermissionSources>(
      this.db,
      sql`select case when ${isAdminSql(userId)} then ${sortedIds(catalogueIds)} else ${sortedIds(roleDefaultIds(userId))} end as "role",
        ${sortedIds(membershipIds(userId))} as "membership", ${sortedIds(grantIds(userId))} as "grant"`,
    );
    return { role: (row?.role ?? []).map(Number), membership: (row?.membership ?? []).map(Number), grant: (row?.grant ?? []).map(Number) };
  }

  /** The ids among `ids` that the permission catalogue does not hold. */
  async findUnknownPermissionIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const known = await this.db
      .select({ permId: permissionCatalogue.permId })
      .from(permissionCatalogue)
      .where(inArray(permissionCatalogue.permId, [...ids]));
    const knownIds = new Set(known.map((row) => row.permId));
    return [...new Set(ids)].filter((id) => !knownIds.has(id)).sort((a, b) => a - b);
  }

  /** What the back office's user edits change, read inside their transaction (locks the user's row). */
  async lockAdminState(
    executor: Executor,
    userId: number,
  ): Promise<{ uid: string; disabled: boolean; businessRoleCode: string; roles: string[]; grants: number[] } | undefined> {
    const [row] = await executor
      .select({
        uid: users.uid,
        disabled: sql<boolean>`${users.disabledAt} is not null`,
        businessRoleCode: users.businessRoleCode,
        roles: rolesOfUser,
        grants: sortedIds(grantIds(userId)),
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row && { ...row, grants: row.grants.map(Number) };
  }

  async setDisabled(executor: Executor, userId: number, disabled: boolean): Promise<void> {
    await executor
      .update(users)
      .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  async setBusinessRoleCode(executor: Executor, userId: number, businessRoleCode: string): Promise<void> {
    await executor.update(users).set({ businessRoleCode, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  /** The user's roles become exactly `roles`. */
  async replaceRoles(executor: Executor, userId: number, roles: readonly string[]): Promise<void> {
    const keep = [...roles];
    await executor
      .delete(userRoles)
      .where(keep.length > 0 ? and(eq(userRoles.userId, userId), notInArray(userRoles.role, keep)) : eq(userRoles.userId, userId));
    if (keep.length > 0) {
      await executor
        .insert(userRoles)
        .values(keep.map((role) => ({ userId, role })))
        .onConflictDoNothing();
    }
  }

  /** The user's granted permission ids become exactly `ids`. */
  async replaceGrants(executor: Executor, userId: number, ids: readonly number[]): Promise<void> {
    const keep = [...ids];
    await executor
      .delete(userPermissions)
      .where(
        keep.length > 0
          ? and(eq(userPermissions.userId, userId), notInArray(userPermissions.permissionId, keep))
          : eq(userPermissions.userId, userId),
      );
    if (keep.length > 0) {
      await executor
        .insert(userPermissions)
        .values(keep.map((permissionId) => ({ userId, permissionId })))
        .onConflictDoNothing();
    }
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async findIdByUid(uid: string): Promise<number | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.uid, uid));
    return row?.id;
  }

  async inviteCodeExists(code: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
    return row !== undefined;
  }

  async anyUserHasRole(role: string): Promise<boolean> {
    const [row] = await this.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, role)).limit(1);
    return row !== undefined;
  }

  async hasRole(userId: number, role: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
    return row !== undefined;
  }

  /** Every enabled admin's id, ascending (whom a notice for the admins reaches). */
  async adminIds(): Promise<number[]> {
    const rows = await this.db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.role, Role.admin), isNull(users.disabledAt)))
      .orderBy(userRoles.userId);
    return rows.map((row) => row.id);
  }

  async findIdByInviteCode(code: string): Promise<number | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code.toUpperCase()));
    return row?.id;
  }

  async findPublicProfiles(ids: readonly number[]): Promise<{ id: number; uid: string; name: string; avatarUrl: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: users.id, uid: users.uid, name: users.fullName, avatarUrl: users.avatarUrl })
      .from(users)
      .where(inArray(users.id, [...ids]));
  }

  async findPhones(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.phone]));
  }

  /**
   * People of `userId`'s team (docs/people.md): whom they invited and whom those invited, their inviter and
   * the inviter's inviter; those whose name contains `q` or whose phone is `q` (all of them for an empty
   * `q`), newest account first. Enabled accounts only.
   */
  async findTeamMatching(userId: number, q: string, limit: number): Promise<number[]> {
    const pattern = containsPattern(q);
    const rows = await rowsOf<{ id: number | string }>(
      this.db,
      sql`
        with me as (select invited_by_user_id as up from ${users} where id = ${userId}),
        team as (
          select id from ${users} where invited_by_user_id = ${userId}
          union
          select u.id from ${users} u join ${users} first on u.invited_by_user_id = first.id where first.invited_by_user_id = ${userId}
          union
          select up from me where up is not null
          union
          select u.invited_by_user_id from ${users} u join me on u.id = me.up where u.invited_by_user_id is not null
        )
        select u.id from ${users} u join team on team.id = u.id
        where u.id <> ${userId} and u.disabled_at is null
          and (${q} = '' or u.full_name ilike ${pattern} or u.phone = ${q})
        order by u.id desc
        limit ${limit}
      `,
    );
    return rows.map((row) => Number(row.id));
  }

  /** Enabled accounts whose name is exactly `name` (case-insensitive), newest first. */
  async findIdsByExactName(name: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.fullName}) = lower(${name})`, isNull(users.disabledAt)))
      .orderBy(sql`${users.id} desc`)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  async findIdByPhone(phone: string): Promise<number | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return row?.id;
  }

  async updatePasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async findTier(code: string): Promise<{ roles: string[]; permissionIds: number[] } | undefined> {
    const [row] = await this.db.select({ roles: tiers.roles, permissionIds: tiers.permissionIds }).from(tiers).where(eq(tiers.code, code));
    return row;
  }

  /** What the profile page shows, with the inviter's name. */
  async findProfileDetails(id: number) {
    const inviter = alias(users, 'inviter');
    const [row] = await this.db
      .select({
        uid: users.uid,
        name: users.fullName,
        avatarUrl: users.avatarUrl,
        phone: users.phone,
        inviteCode: users.inviteCode,
        enterpriseLogoUrl: users.enterpriseLogoUrl,
        businessRoleCode: users.businessRoleCode,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        createdAt: users.createdAt,
        inviterUid: inviter.uid,
        inviterName: inviter.fullName,
      })
      .from(users)
      .leftJoin(inviter, eq(inviter.id, users.invitedByUserId))
      .where(eq(users.id, id));
    return row;
  }

  async updateProfile(id: number, changes: Partial<{ fullName: string; avatarUrl: string; enterpriseLogoUrl: string }>): Promise<void> {
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /** New accounts per business day of the last `days` days, and all accounts: the back office's overview. */
  async signupStats(days: number, calendar: BusinessCalendar): Promise<{ total: number; perDay: DailyCount[] }> {
    const [total, perDay] = await Promise.all([countAll(this.db, users), countPerDay(this.db, users, users.createdAt, days, calendar)]);
    return { total, perDay };
  }
}
