import { DEFAULT_PC_USER_NAME, type CodeLoginResult, type IssuedVerificationCode, type LoginResult } from '@spatia/contract';
import type { CodePurpose } from '../../drivers/sms/sms-driver.js';
import { fail } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { addressBucket } from '../../lib/request-info.js';
import type { ClientInfo } from '../../lib/request-info.js';
import type { AuthService } from '../auth/index.js';
import type { LoginThrottle } from '../auth/index.js';
import { verifyPassword } from '../auth/index.js';
import { assertPasswordRule, type UsersService } from '../users/index.js';
import type { SmsCodesService } from '../sms-codes/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

export interface CodeFields {
  verifyCode: string;
  expiredTime: number;
  hash: string;
}

export interface RegistrationInput extends CodeFields {
  phoneNumber: string;
  password: string;
  invitedCode?: string;
  fullName?: string;
}

export const FREE_TIER = 'free';

/**
 * How often one address may ask whether phone numbers have accounts: the answer tells who uses the
 * platform, so it is rationed like the code routes that tell the same (30 an hour per address).
 */
export const PHONE_CHECK_LIMITS = [
  { limit: 10, windowSeconds: 60 },
  { limit: 30, windowSeconds: 60 * 60 },
] as const;

/** Sign-up, SMS-code sign-in, password reset and change: everything that creates or recovers access. */
export class AccountsService {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly smsCodes: SmsCodesService,
    private readonly loginThrottle: LoginThrottle,
    private readonly limiter: RateLimiter,
  ) {}

  async isRegistered(phone: string): Promise<boolean> {
    return (await this.users.findIdByPhone(phone)) !== undefined;
  }

  /** `POST /client/checkPhoneNumber`: whether the phone has an account, rationed per address (code 1002 past the limit). */
  async checkPhoneNumber(phone: string, ip: string): Promise<boolean> {
    const address = addressBucket(ip);
    for (const rule of PHONE_CHECK_LIMITS) {
      const decision = await this.limiter.hit(`check:ip:${rule.windowSeconds}:${address}`, rule.limit, rule.windowSeconds);
      if (!decision.allowed) throw fail('retryIn', { seconds: decision.retryAfterSeconds });
    }
    return this.isRegistered(phone);
  }

  async sendCode(phone: string, purpose: CodePurpose, ip: string): Promise<IssuedVerificationCode> {
    const registered = await this.isRegistered(phone);
    if (purpose === 'register' && registered) throw fail('accountExists');
    if (purpose === 'resetPassword' && !registered) throw fail('phoneNotRegistered');
    return this.smsCodes.sendCode(phone, purpose, ip);
  }

  async register(input: RegistrationInput, client: ClientInfo): Promise<{ token: string; result: LoginResult }> {
    if (await this.isRegistered(input.phoneNumber)) throw fail('accountExists');
    assertPasswordRule('password', input.password);
    const inviterId = input.invitedCode ? await this.users.findIdByInviteCode(input.invitedCode) : undefined;
    if (input.invitedCode && inviterId === undefined) throw fail('invalidInviteCode');
    await this.smsCodes.consumeCode({ phone: input.phoneNumber, purpose: 'register', ...codeOf(input) });
    const user = await this.createFreeAccount(input.phoneNumber, input.password, input.fullName, inviterId);
    const token = await this.auth.startSession(user.id, client);
    const profile = await this.users.getAuthUser(user.id);
    return { token, result: { uid: user.uid, fullName: profile?.name ?? '', avatarUrl: profile?.avatarUrl ?? '' } };
  }

  /** Signs in with a code; a phone seen for the first time gets a new account (spec: SMS login registers). */
  async smsLogin(phone: string, code: CodeFields, client: ClientInfo): Promise<{ token: string; result: CodeLoginResult }> {
    await this.smsCodes.consumeCode({ phone, purpose: 'smsLogin', ...codeOf(code) });
    const userId = (await this.users.findIdByPhone(phone)) ?? (await this.createFreeAccount(phone, null)).id;
    return this.startCodeSession(userId, client);
  }

  /** A session for a user who proved who they are some other way than a password (code, QR, WeChat). */
  async startCodeSession(userId: number, client: ClientInfo): Promise<{ token: string; result: CodeLoginResult }> {
    const token = await this.auth.startSession(userId, client);
    const user = await this.users.getAuthUser(userId);
    if (!user) throw fail('notFound');
    return { token, result: { userUid: user.uid, username: user.name, avatarUrl: user.avatarUrl, phoneNumber: user.phone } };
  }

  /** Password reset by code: every session of the account ends, and the phone's password lock is lifted. */
  async renewPassword(phone: string, newPassword: string, code: CodeFields): Promise<void> {
    assertPasswordRule('newPwd', newPassword);
    const userId = await this.users.findIdByPhone(phone);
    if (userId === undefined) throw fail('phoneNotRegistered');
    await this.smsCodes.consumeCode({ phone, purpose: 'resetPassword', ...codeOf(code) });
    await this.users.setPassword(userId, newPassword);
    await this.auth.revokeSessions(userId, 'all');
    await this.loginThrottle.clearPhone(phone);
  }

  /** A signed-in change: the current password is required when one is set; other sessions end. */
  async changePassword(userId: number, currentPassword: string | undefined, newPassword: string, keepToken: string): Promise<void> {
    assertPasswordRule('newPassword', newPassword);
    const profile = await this.users.getAuthUser(userId);
    const credentials = profile && (await this.users.findCredentialsByPhone(profile.phone));
    if (!credentials) throw fail('notFound');
    if (credentials.passwordHash && !(await verifyPassword(credentials.passwordHash, currentPassword ?? ''))) {
      throw fail('wrongCurrentPassword');
    }
    await this.users.setPassword(userId, newPassword);
    await this.auth.revokeSessions(userId, { keepToken });
  }

  async createFreeAccount(phone: string, password: string | null, fullName?: string, invitedByUserId?: number) {
    const tier = await this.users.findTier(FREE_TIER);
    try {
      return await this.users.createUser({
        phone,
        password,
        fullName: fullName?.trim() || DEFAULT_PC_USER_NAME,
        roles: tier?.roles ?? [],
        // Permissions follow from the roles' defaults (docs/access.md); nothing is granted one by one.
        permissionIds: [],
        invitedByUserId: invitedByUserId ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('accountExists');
      throw error;
    }
  }
}

function codeOf(fields: CodeFields): CodeFields {
  return { verifyCode: fields.verifyCode, expiredTime: Number(fields.expiredTime), hash: fields.hash };
}
