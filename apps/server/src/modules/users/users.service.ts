import { randomBytes, randomInt } from 'node:crypto';
import {
  ALL_PERMISSION_IDS,
  ALL_ROLES,
  findPasswordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isPermissionId,
  isRoleCode,
  PHONE_PATTERN,
  Role,
  type UserInfo,
} from '@spatia/contract';
import { fail, invalid } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import { hashPassword } from '../auth/password.js';
import type { Db } from '../../db/database.js';
import { UsersRepository, type UserProfileRow } from './users.repository.js';

export interface CreateUserInput {
  phone: string;
  /** Null for accounts that sign in by SMS code only, until they set one. */
  password: string | null;
  fullName: string;
  roles: readonly string[];
  permissionIds: readonly number[];
  invitedByUserId?: number | null;
}

export interface PublicProfile {
  uid: string;
  name: string;
  avatarUrl: string;
}

/** What the guards need to know about the signed-in user, cached per user id. */
export interface AuthUser extends UserInfo {
  id: number;
}

const PROFILE_TTL_SECONDS = 60;
const UID_TTL_SECONDS = 60 * 60;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly cache: Cache,
  ) {}

  /** The service over the database's own users tables: what the app, the admin command and tests use. */
  static on(db: Db, cache: Cache): UsersService {
    return new UsersService(new UsersRepository(db), cache);
  }

  async createUser(input: CreateUserInput): Promise<{ id: number; uid: string }> {
    if (!PHONE_PATTERN.test(input.phone)) throw invalid('phoneNumber', 'format');
    if (input.password !== null) assertPasswordRule('password', input.password);
    if (!input.roles.every(isRoleCode)) throw invalid('roles', 'enum', { allowed: ALL_ROLES.join(', ') });
    if (!input.permissionIds.every(isPermissionId)) {
      throw invalid('menus', 'enum', { allowed: ALL_PERMISSION_IDS.join(', ') });
    }
    if ((await this.repository.findIdByPhone(input.phone)) !== undefined) throw fail('accountExists');

    return this.repository.insert({
      uid: randomBytes(8).toString('hex'),
      phone: input.phone,
      fullName: input.fullName.trim() || input.phone,
      inviteCode: await this.generateInviteCode(),
      passwordHash: input.password === null ? null : await hashPassword(input.password),
      roles: [...new Set(input.roles)],
      permissionIds: [...new Set(input.permissionIds)],
      invitedByUserId: input.invitedByUserId ?? null,
    });
  }

  async getAuthUser(userId: number): Promise<AuthUser | undefined> {
    const key = `user:${userId}`;
    const cached = await this.cache.get<AuthUser>(key);
    if (cached) return cached;
    const row = await this.repository.findProfileById(userId);
    if (!row) return undefined;
    const user = toAuthUser(row);
    await this.cache.set(key, user, PROFILE_TTL_SECONDS);
    return user;
  }

  /** Call after any change to a user's profile, roles or permissions. */
  async forgetCachedUser(userId: number): Promise<void> {
    await this.cache.delete(`user:${userId}`);
  }

  /** Uids never change, so the answer is kept for an hour. */
  async findIdByUid(uid: string): Promise<number | undefined> {
    const key = `user-id:${uid}`;
    const cached = await this.cache.get<number>(key);
    if (cached !== undefined) return cached;
    const id = await this.repository.findIdByUid(uid);
    if (id !== undefined) await this.cache.set(key, id, UID_TTL_SECONDS);
    return id;
  }

  async findIdByPhone(phone: string): Promise<number | undefined> {
    return this.repository.findIdByPhone(phone);
  }

  async findIdByInviteCode(code: string): Promise<number | undefined> {
    return this.repository.findIdByInviteCode(code);
  }

  /** What a password sign-in checks: the account behind the phone and its password hash (null when it has none). */
  async findCredentialsByPhone(phone: string): Promise<{ id: number; uid: string; passwordHash: string | null } | undefined> {
    return this.repository.findCredentialsByPhone(phone);
  }

  async setPassword(userId: number, password: string): Promise<void> {
    await this.repository.updatePasswordHash(userId, await hashPassword(password));
  }

  /** The roles and permissions an account of this tier starts with. */
  async findTier(code: string): Promise<{ roles: string[]; permissionIds: number[] } | undefined> {
    return this.repository.findTier(code);
  }

  /** What the profile page shows, with the inviter's name. */
  async findProfileDetails(userId: number) {
    return this.repository.findProfileDetails(userId);
  }

  async updateProfile(userId: number, changes: Partial<{ fullName: string; avatarUrl: string; enterpriseLogoUrl: string }>): Promise<void> {
    await this.repository.updateProfile(userId, changes);
    await this.forgetCachedUser(userId);
  }

  /** Name and avatar of each user, as others may see them. */
  async findPublicProfiles(ids: readonly number[]): Promise<Map<number, PublicProfile>> {
    const unique = [...new Set(ids)];
    if (unique.length === 1) {
      // One person (a list of one owner's works): the cached signed-in view already has it.
      const user = await this.getAuthUser(unique[0]!);
      return new Map(user ? [[user.id, { uid: user.uid, name: user.name, avatarUrl: user.avatarUrl }]] : []);
    }
    const rows = await this.repository.findPublicProfiles(unique);
    return new Map(rows.map(({ id, ...profile }) => [id, profile]));
  }

  /** The user a phone number or an invite code names (phone numbers are 11 digits, invite codes are not). */
  async findIdByPhoneOrInviteCode(phoneOrCode: string): Promise<number | undefined> {
    const value = phoneOrCode.trim();
    return PHONE_PATTERN.test(value) ? this.repository.findIdByPhone(value) : this.repository.findIdByInviteCode(value);
  }

  /**
   * The first start of an empty platform has no one who can administer it: create an admin with a
   * generated password, which the caller prints once. Returns nothing when an admin already exists.
   */
  /** The first administrator: whoever the server or the admin command created first. */
  async findFirstAdmin(): Promise<AuthUser | undefined> {
    const id = await this.repository.findFirstIdWithRole(Role.admin);
    return id === undefined ? undefined : this.getAuthUser(id);
  }

  async ensureInitialAdmin(phone: string): Promise<{ phone: string; password: string } | undefined> {
    if (await this.repository.anyUserHasRole(Role.admin)) return undefined;
    if ((await this.repository.findIdByPhone(phone)) !== undefined) return undefined;
    const password = generatePassword();
    await this.createUser({ phone, password, fullName: 'Administrator', roles: [Role.admin], permissionIds: [] });
    return { phone, password };
  }

  private async generateInviteCode(): Promise<string> {
    for (;;) {
      const code = Array.from({ length: 6 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
      if (!(await this.repository.inviteCodeExists(code))) return code;
    }
  }
}

/** Throws a validation error naming `field` when the password breaks the rule. */
export function assertPasswordRule(field: string, password: string): void {
  const problem = findPasswordProblem(password);
  if (problem) throw invalid(field, problem, { limit: problem === 'tooLong' ? PASSWORD_MAX_LENGTH : PASSWORD_MIN_LENGTH });
}

function toAuthUser(row: UserProfileRow): AuthUser {
  return {
    id: row.id,
    uid: row.uid,
    name: row.fullName,
    avatarUrl: row.avatarUrl,
    roles: row.roles,
    phone: row.phone,
    businessRoleCode: row.businessRoleCode,
    menus: row.permissionIds,
    enterpriseLogoUrl: row.enterpriseLogoUrl,
  };
}

/** 16 characters from a 62-letter alphabet, always with a letter and a digit: about 95 bits. */
function generatePassword(): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = Array.from({ length: 14 }, () => all[randomInt(all.length)]);
  chars.push(letters[randomInt(letters.length)], digits[randomInt(digits.length)]);
  return chars.join('');
}
