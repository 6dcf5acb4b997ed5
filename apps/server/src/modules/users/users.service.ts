import { randomBytes, randomInt } from 'node:crypto';
import {
  ALL_ROLES,
  ENTERPRISE_BUSINESS_ROLE,
  findPasswordProblem,
  GIVEN_NAMES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isRoleCode,
  PHONE_PATTERN,
  Role,
  type AdminActionCode,
  type AdminLogField,
  type UserInfo,
} from '@spatia/contract';
import { fail, invalid } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import { hashPassword } from '../auth/index.js';
import type { Db, Transaction } from '../../db/database.js';
import type { AdminLogService } from '../admin-log/index.js';
import type { DomainEvents } from '../../kernel/domain-events.js';
import { presentUserIdentity } from './user-identity.js';
import { UsersRepository, type PermissionSources, type UserProfileRow } from './users.repository.js';
import type { BusinessCalendar } from '../../lib/business-time.js';

export type { PermissionSources } from './users.repository.js';

/** What the back office's user edits answer: the user's state after the change. */
export interface AdminUserState {
  uid: string;
  disabled: boolean;
  businessRoleCode: string;
  roles: string[];
  grants: number[];
}

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
  /** An admin disabled the account: it cannot sign in and its sessions count as ended. */
  disabled: boolean;
}

const PROFILE_TTL_SECONDS = 60;
const UID_TTL_SECONDS = 60 * 60;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly cache: Cache,
    /** Needed by the back office's edits (each writes the admin log); the admin command and sign-in do without. */
    private readonly adminLog?: AdminLogService,
    /** Needed by the back office's disable, whose `user.disabled` ends the account's sessions (the auth module). */
    private readonly events?: DomainEvents,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The service over the database's own users tables: what the app, the admin command and tests use. */
  static on(db: Db, cache: Cache, adminLog?: AdminLogService, events?: DomainEvents): UsersService {
    return new UsersService(new UsersRepository(db), cache, adminLog, events);
  }

  async createUser(input: CreateUserInput): Promise<{ id: number; uid: string }> {
    if (!PHONE_PATTERN.test(input.phone)) throw invalid('phoneNumber', 'format');
    if (input.password !== null) assertPasswordRule('password', input.password);
    if (!input.roles.every(isRoleCode)) throw invalid('roles', 'enum', { allowed: ALL_ROLES.join(', ') });
    await this.assertKnownPermissions(input.permissionIds);
    if ((await this.repository.findIdByPhone(input.phone)) !== undefined) throw fail('accountExists');

    return this.repository.insert(
      {
        uid: randomBytes(8).toString('hex'),
        phone: input.phone,
        fullName: input.fullName.trim() || input.phone,
        inviteCode: await this.generateInviteCode(),
        passwordHash: input.password === null ? null : await hashPassword(input.password),
        roles: [...new Set(input.roles)],
        permissionIds: [...new Set(input.permissionIds)],
        invitedByUserId: input.invitedByUserId ?? null,
      },
      async (tx, created) => {
        // The team counts its new member in this transaction (docs/team.md); a sign-up earns nobody anything.
        if (input.invitedByUserId)
          await this.events?.publish(tx, 'user.registered', { userId: created.id, invitedByUserId: input.invitedByUserId });
      },
    );
  }

  /**
   * The user as the guards see them, with their effective permissions (`menus`). Cached for 60 s, or
   * only until their membership starts or ends, so a membership's end gates features again on time
   * even before the expiry job runs.
   */
  async getAuthUser(userId: number): Promise<AuthUser | undefined> {
    const key = userCacheKey(userId);
    const cached = await this.cache.get<AuthUser>(key);
    if (cached) return cached;
    const row = await this.repository.findProfileById(userId);
    if (!row) return undefined;
    const user = toAuthUser(row);
    const untilChange = row.permissionsChangeAt === null ? Infinity : (row.permissionsChangeAt - this.now()) / 1000;
    const ttl = Math.min(PROFILE_TTL_SECONDS, untilChange);
    if (ttl >= 1) await this.cache.set(key, user, Math.floor(ttl));
    return user;
  }

  /**
   * Call after any change to a user's profile, roles, permissions or membership: the next request
   * reads them afresh. The cache is the one every process shares when REDIS_URL is set, so this
   * takes effect in all of them at once; without Redis there is one process (docs/access.md).
   */
  async forgetCachedUser(userId: number): Promise<void> {
    await this.cache.delete(userCacheKey(userId));
  }

  /** The ids each source gives the user: role defaults, the active membership's groups, admin grants. */
  async getPermissionSources(userId: number): Promise<PermissionSources> {
    return this.repository.findPermissionSources(userId);
  }

  /** Refuses ids the permission catalogue does not hold (code 1112, naming them). */
  async assertKnownPermissions(ids: readonly number[]): Promise<void> {
    const unknown = await this.repository.findUnknownPermissionIds(ids);
    if (unknown.length > 0) throw fail('unknownPermissionIds', { ids: unknown.join(', ') });
  }

  /** Back office: disables (ends every session at once) or enables an account. An admin cannot disable themselves. */
  async setDisabled(adminId: number, userId: number, disabled: boolean): Promise<AdminUserState> {
    if (disabled && adminId === userId) throw fail('forbidden');
    const events = this.events;
    if (!events) throw new Error('UsersService needs the domain events to disable an account');
    return this.adminEdit(adminId, userId, disabled ? 'user.disable' : 'user.enable', 'disabled', disabled, async (tx) => {
      await this.repository.setDisabled(tx, userId, disabled);
      if (disabled) await events.publish(tx, 'user.disabled', { userId });
    });
  }

  /** Back office: the user's roles become exactly `roles`. An admin cannot take the admin role from themselves. */
  async setRoles(adminId: number, userId: number, roles: readonly string[]): Promise<AdminUserState> {
    if (!roles.every(isRoleCode)) throw invalid('roles', 'enum', { allowed: ALL_ROLES.join(', ') });
    const unique = [...new Set(roles)].sort();
    if (adminId === userId && !unique.includes(Role.admin)) throw fail('forbidden');
    return this.adminEdit(adminId, userId, 'user.roles', 'roles', unique, (tx) => this.repository.replaceRoles(tx, userId, unique));
  }

  /** Back office: the enterprise flag (`businessRoleCode` 'enterprise', or '' when off; spec 6: enterprises may show a logo). */
  async setEnterprise(adminId: number, userId: number, on: boolean): Promise<AdminUserState> {
    const businessRoleCode = on ? ENTERPRISE_BUSINESS_ROLE : '';
    return this.adminEdit(adminId, userId, 'user.enterprise', 'businessRoleCode', businessRoleCode, (tx) =>
      this.repository.setBusinessRoleCode(tx, userId, businessRoleCode),
    );
  }

  /** Back office: the permission ids an admin granted this user become exactly `permissionIds` (catalogue ids only). */
  async setGrants(adminId: number, userId: number, permissionIds: readonly number[]): Promise<AdminUserState> {
    await this.assertKnownPermissions(permissionIds);
    const grants = [...new Set(permissionIds)].sort((a, b) => a - b);
    return this.adminEdit(adminId, userId, 'user.permissions', 'grants', grants, (tx) => this.repository.replaceGrants(tx, userId, grants));
  }

  /**
   * One back-office edit of a user's `field` to `value`: in one transaction the row is locked, `write`
   * changes it and the admin log is written with the field before and after; then the cached user is
   * dropped so it applies at once.
   */
  private async adminEdit<Field extends keyof AdminUserState & AdminLogField>(
    adminId: number,
    userId: number,
    action: AdminActionCode,
    field: Field,
    value: AdminUserState[Field],
    write: (tx: Transaction) => Promise<void>,
  ): Promise<AdminUserState> {
    const adminLog = this.adminLog;
    if (!adminLog) throw new Error('UsersService was built without the admin log');
    const after = await this.repository.transaction(async (tx) => {
      const before = await this.repository.lockAdminState(tx, userId);
      if (!before) throw fail('notFound');
      await write(tx);
      await adminLog.record(tx, {
        adminUserId: adminId,
        action,
        targetType: 'user',
        targetId: before.uid,
        before: { [field]: before[field] },
        after: { [field]: value },
      });
      return { ...before, [field]: value };
    });
    await this.forgetCachedUser(userId);
    return after;
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

  /** Every enabled admin's id: whom a notice for the admins reaches (a payout stuck, a refund found at the provider). */
  adminIds(): Promise<number[]> {
    return this.repository.adminIds();
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

  /** Phone numbers by user id: only for a caller that has decided the reader may see them (docs/people.md). */
  findPhones(ids: readonly number[]): Promise<Map<number, string>> {
    return this.repository.findPhones(ids);
  }

  /** Team members of `userId` (invited by them or by one they invited, their inviter and the inviter's) matching `q` by name or phone. */
  findTeamMatching(userId: number, q: string, limit: number): Promise<number[]> {
    return this.repository.findTeamMatching(userId, q, limit);
  }

  /** Enabled accounts named exactly `name`. */
  findIdsByExactName(name: string, limit: number): Promise<number[]> {
    return this.repository.findIdsByExactName(name, limit);
  }

  /** The user a phone number or an invite code names (phone numbers are 11 digits, invite codes are not). */
  async findIdByPhoneOrInviteCode(phoneOrCode: string): Promise<number | undefined> {
    const value = phoneOrCode.trim();
    return PHONE_PATTERN.test(value) ? this.repository.findIdByPhone(value) : this.repository.findIdByInviteCode(value);
  }

  /**
   * The first start of an empty platform has no one who can administer it: create an admin with a
   * generated password, which the caller prints once. Returns nothing when an admin already exists.
   * Several servers starting at once on an empty database race for it: the ones that lose (the phone
   * taken meanwhile) return nothing too, and only the winner prints its password.
   */
  async ensureInitialAdmin(phone: string): Promise<{ phone: string; password: string } | undefined> {
    if (await this.repository.anyUserHasRole(Role.admin)) return undefined;
    if ((await this.repository.findIdByPhone(phone)) !== undefined) return undefined;
    const password = generatePassword();
    try {
      await this.createUser({ phone, password, fullName: GIVEN_NAMES.administrator.stored, roles: [Role.admin], permissionIds: [] });
    } catch (error) {
      if ((await this.repository.findIdByPhone(phone)) !== undefined) return undefined;
      throw error;
    }
    return { phone, password };
  }

  /** New accounts per UTC day of the last `days` days, and all accounts. */
  async signupStats(days: number, calendar: BusinessCalendar) {
    return this.repository.signupStats(days, calendar);
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
    ...presentUserIdentity(row),
    id: row.id,
    menus: row.permissionIds,
    enterpriseLogoUrl: row.enterpriseLogoUrl,
    disabled: row.disabled,
  };
}

function userCacheKey(userId: number): string {
  return `user:${userId}`;
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
