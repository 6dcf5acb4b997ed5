import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { tiers, userPermissions, userRoles, users } from '../../db/schema/index.js';

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
  permissionIds: number[];
}

const rolesOfUser = sql<
  string[]
>`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`;
const permissionsOfUser = sql<
  number[]
>`coalesce((select array_agg(${userPermissions.permissionId} order by ${userPermissions.permissionId}) from ${userPermissions} where ${userPermissions.userId} = ${users.id}), '{}')`;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the user with its roles and permissions in one transaction. */
  async insert(user: NewUser): Promise<{ id: number; uid: string }> {
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
        permissionIds: permissionsOfUser,
      })
      .from(users)
      .where(eq(users.id, id));
    return row && { ...row, permissionIds: row.permissionIds.map(Number) };
  }

  async findIdByUid(uid: string): Promise<number | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.uid, uid));
    return row?.id;
  }

  async inviteCodeExists(code: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
    return row !== undefined;
  }

  /** The earliest account with the role. */
  async findFirstIdWithRole(role: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, role))
      .orderBy(userRoles.userId)
      .limit(1);
    return row?.userId;
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
}
