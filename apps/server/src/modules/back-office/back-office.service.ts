import {
  Role,
  type AdminActionCode,
  type AdminLogPage,
  type AdminUserDetail,
  type AdminUserPage,
  type Language,
  type RoleCode,
  type SignOutEverywhereResult,
} from '@spatia/contract';
import { fail, invalid } from '../../lib/app-error.js';
import type { AdminLogFilter, AdminLogService } from '../admin-log/index.js';
import type { AuthService } from '../auth/index.js';
import type { MembershipService } from '../membership/index.js';
import type { UserDirectoryService, UserSearch } from '../users/index.js';
import type { AuthUser, UsersService } from '../users/index.js';
import type { WorksService } from '../works/index.js';
import type { BackOfficeRepository } from './back-office.repository.js';

/** The acting admin. */
type Admin = Pick<AuthUser, 'id'>;

export interface AdminLogQuery extends Omit<AdminLogFilter, 'adminUserId'> {
  adminUid?: string;
  pageNum: number;
  pageSize: number;
}

export interface BackOfficeUsersDependencies {
  repository: BackOfficeRepository;
  users: UsersService;
  directory: UserDirectoryService;
  auth: AuthService;
  works: WorksService;
  membership: MembershipService;
  adminLog: AdminLogService;
}

/**
 * The back office's users: search, one user's facts, and the admin's changes to them (docs/back-office.md).
 * The changes themselves (with their admin-log entry and the dropped cache) are the users module's;
 * this service adds the rules an operator sees: not on yourself, and not twice.
 */
export class BackOfficeUsersService {
  constructor(private readonly deps: BackOfficeUsersDependencies) {}

  search(query: UserSearch): Promise<AdminUserPage> {
    return this.deps.directory.search(query);
  }

  async detail(uid: string, language: Language): Promise<AdminUserDetail> {
    const { directory, users, auth, works, membership } = this.deps;
    const userId = await this.requireUserId(uid);
    const user = await directory.find(userId);
    if (!user) throw fail('notFound');
    const [authUser, sessions, counts, memberships] = await Promise.all([
      users.getAuthUser(userId),
      auth.countActiveSessions(userId),
      works.countByStatus(userId),
      membership.mine({ id: userId, uid: user.uid, phone: user.phone }, language),
    ]);
    const byStatus = Object.fromEntries(counts);
    const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
    return { ...user, menus: authUser?.menus ?? [], membership: memberships.current, sessions, works: { total, byStatus } };
  }

  /** Disables the account: it cannot sign in, and its sessions end at once. */
  async disable(admin: Admin, uid: string, language: Language): Promise<AdminUserDetail> {
    const userId = await this.requireUserId(uid);
    if (userId === admin.id) throw fail('cannotDisableSelf');
    if ((await this.deps.directory.find(userId))?.disabled) throw fail('userAlreadyDisabled');
    await this.deps.users.setDisabled(admin.id, userId, true);
    return this.detail(uid, language);
  }

  async enable(admin: Admin, uid: string, language: Language): Promise<AdminUserDetail> {
    const userId = await this.requireUserId(uid);
    if (!(await this.deps.directory.find(userId))?.disabled) throw fail('userNotDisabled');
    await this.deps.users.setDisabled(admin.id, userId, false);
    return this.detail(uid, language);
  }

  /** The user's roles become exactly `roles`; an admin keeps their own admin role. */
  async setRoles(admin: Admin, uid: string, roles: readonly RoleCode[], language: Language): Promise<AdminUserDetail> {
    const userId = await this.requireUserId(uid);
    if (userId === admin.id && !roles.includes(Role.admin)) throw fail('cannotDropOwnAdmin');
    await this.deps.users.setRoles(admin.id, userId, roles);
    return this.detail(uid, language);
  }

  async setEnterprise(admin: Admin, uid: string, enterprise: boolean, language: Language): Promise<AdminUserDetail> {
    const userId = await this.requireUserId(uid);
    await this.deps.users.setEnterprise(admin.id, userId, enterprise);
    return this.detail(uid, language);
  }

  /** Ends every session of the user now (the account stays enabled: they may sign in again). */
  async signOutEverywhere(admin: Admin, uid: string): Promise<SignOutEverywhereResult> {
    const { repository, auth, adminLog } = this.deps;
    const userId = await this.requireUserId(uid);
    const revoked = await repository.transaction(async (tx) => {
      const ended = await auth.revokeAllSessionsIn(tx, userId);
      await adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'user.signOutEverywhere',
        targetType: 'user',
        targetId: uid,
        before: { sessions: ended.count },
        after: { sessions: 0 },
      });
      return ended;
    });
    await revoked.forget();
    return { ended: revoked.count };
  }

  /** A page of the admin log, newest first, with who acted: the system, or an admin's uid and name. */
  async log({ adminUid, pageNum, pageSize, ...filter }: AdminLogQuery): Promise<AdminLogPage> {
    const { users, adminLog } = this.deps;
    if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) {
      throw invalid('to', 'minimum', { limit: filter.from });
    }
    const adminUserId = adminUid ? await users.findIdByUid(adminUid) : undefined;
    if (adminUid && adminUserId === undefined) return { list: [], total: 0, pageNum, pageSize };
    const { rows, total } = await adminLog.list({ ...filter, adminUserId }, pageNum, pageSize);
    const admins = await users.findPublicProfiles(rows.flatMap((row) => (row.adminUserId === null ? [] : [row.adminUserId])));
    const list = rows.map((row) => {
      const profile = row.adminUserId === null ? undefined : admins.get(row.adminUserId);
      return {
        id: row.id,
        createdAt: row.createdAt.getTime(),
        action: row.action as AdminActionCode,
        actor: row.actor,
        admin: profile ? { uid: profile.uid, name: profile.name } : null,
        targetType: row.targetType,
        targetId: row.targetId,
        before: row.before,
        after: row.after,
      };
    });
    return { list, total, pageNum, pageSize };
  }

  private async requireUserId(uid: string): Promise<number> {
    const userId = await this.deps.users.findIdByUid(uid);
    if (userId === undefined) throw fail('notFound');
    return userId;
  }
}
