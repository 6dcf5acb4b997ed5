import {
  ENTERPRISE_BUSINESS_ROLE,
  WORK_STATUSES,
  type Profile,
  type UploadGrant,
  type UserOverview,
  type WorkStatus,
} from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { StoredUpload, UploadsService } from '../uploads/index.js';
import type { AuthUser, UsersService } from '../users/index.js';

/** Where stored files are served. */
export const FILES_PATH = '/files';

/** Accounts whose business role is this may show an enterprise logo (the back office sets it: UsersService.setEnterprise). */
export const ENTERPRISE_ROLE_CODE = ENTERPRISE_BUSINESS_ROLE;

/** The user's own profile: name, avatar, enterprise logo, and what the console's home counts. */
export class ProfileService {
  constructor(
    private readonly users: UsersService,
    private readonly uploads: UploadsService,
    private readonly ledger: LedgerService,
    private readonly countWorksByStatus: (ownerId: number) => Promise<Map<WorkStatus, number>>,
    private readonly countFollows: (userId: number) => Promise<{ follows: number; fans: number }>,
  ) {}

  async getProfile(userId: number): Promise<Profile> {
    const row = await this.users.findProfileDetails(userId);
    if (!row) throw fail('notFound');
    const { inviterUid, inviterName, createdAt, ...profile } = row;
    return {
      ...profile,
      isEnterprise: profile.businessRoleCode === ENTERPRISE_ROLE_CODE,
      createdAt: createdAt.getTime(),
      inviter: inviterUid && inviterName !== null ? { uid: inviterUid, name: inviterName } : null,
    };
  }

  /**
   * Counts for the console's home: works by status (the recycle bin excluded), fans and follows (the
   * people module's counters) and the balance from the ledger.
   */
  async getOverview(userId: number): Promise<UserOverview> {
    const [counts, follows] = await Promise.all([this.countWorksByStatus(userId), this.countFollows(userId)]);
    const byStatus = Object.fromEntries(WORK_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as Record<WorkStatus, number>;
    return {
      works: { total: [...counts.values()].reduce((sum, value) => sum + value, 0), byStatus },
      followers: follows.fans,
      following: follows.follows,
      balance: await this.ledger.balance(LedgerAccount.balance(userId)),
    };
  }

  async rename(userId: number, fullName: string): Promise<void> {
    await this.users.updateProfile(userId, { fullName: fullName.trim() });
  }

  async avatarGrant(user: AuthUser): Promise<UploadGrant> {
    return this.uploads.issueGrant(user.id, 'avatar');
  }

  async enterpriseLogoGrant(user: AuthUser): Promise<UploadGrant> {
    if (user.businessRoleCode !== ENTERPRISE_ROLE_CODE) throw fail('notEnterprise');
    return this.uploads.issueGrant(user.id, 'enterpriseLogo');
  }

  /**
   * Stores an uploaded image; an avatar takes effect at once, a logo once it is set with
   * setEnterpriseLogo. Logo URLs are absolute (`origin`) because the spec shows logos only over https.
   */
  async receiveUpload(user: AuthUser, token: string, bytes: Buffer, origin: string): Promise<{ url: string }> {
    const stored: StoredUpload = await this.uploads.receive(token, user.id, user.uid, bytes);
    const url = stored.kind === 'avatar' ? `${FILES_PATH}/${stored.key}` : `${origin}${FILES_PATH}/${stored.key}`;
    if (stored.kind === 'avatar') {
      await this.users.updateProfile(user.id, { avatarUrl: url });
    }
    return { url };
  }

  /** Only https addresses of this account's own uploaded logos are accepted (spec: logos show only over https). */
  async setEnterpriseLogo(user: AuthUser, url: string, origin: string): Promise<void> {
    if (user.businessRoleCode !== ENTERPRISE_ROLE_CODE) throw fail('notEnterprise');
    const ownLogos = `${origin}${FILES_PATH}/logos/${user.uid}/`;
    if (url !== '' && (!url.startsWith('https://') || !url.startsWith(ownLogos))) throw fail('invalidLogoUrl');
    await this.users.updateProfile(user.id, { enterpriseLogoUrl: url });
  }
}
