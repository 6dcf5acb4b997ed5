import { createHash, randomBytes } from 'node:crypto';
import { SESSION_LIFETIME_MS, type ActiveSessionInfo, type LoginResult } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import type { Executor } from '../../db/database.js';
import type { AuthUser, UsersService } from '../users/index.js';
import { verifyPassword } from './password.js';
import type { LoginThrottle } from './login-throttle.js';
import type { ClientInfo } from '../../lib/request-info.js';
import type { ActiveSession, SessionsRepository } from './sessions.repository.js';

export interface Authenticated {
  user: AuthUser;
  token: string;
}

/** A session's sliding expiry is written back at most this often, so a busy client costs no writes. */
const TOUCH_INTERVAL_MS = 60_000;
const SESSION_CACHE_TTL_SECONDS = 60;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class AuthService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
    private readonly cache: Cache,
    private readonly throttle: LoginThrottle,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async loginWithPassword(phone: string, password: string, client: ClientInfo): Promise<{ token: string; result: LoginResult }> {
    // Counted per phone and per address before the password is checked; refused at once while a wait runs.
    const attempt = await this.throttle.admit(phone, client.ip);
    const credentials = await this.users.findCredentialsByPhone(phone);
    const matches = await verifyPassword(credentials?.passwordHash ?? null, password);
    if (!credentials || !matches) throw this.throttle.failed(attempt) ?? fail('invalidCredentials');
    await this.throttle.succeeded(attempt);
    const token = await this.startSession(credentials.id, client);
    const user = await this.users.getAuthUser(credentials.id);
    if (!user) throw fail('invalidCredentials');
    return { token, result: { uid: user.uid, fullName: user.name, avatarUrl: user.avatarUrl } };
  }

  /**
   * Every sign-in ends here (password, SMS code, registration, QR, WeChat), so this is where a disabled
   * account is refused (code 1111) after it proved who it is.
   */
  async startSession(userId: number, client: ClientInfo): Promise<string> {
    const user = await this.users.getAuthUser(userId);
    if (!user) throw fail('notFound');
    if (user.disabled) throw fail('accountDisabled');
    const token = randomBytes(32).toString('base64url');
    await this.sessions.insert({
      userId,
      tokenHash: hashToken(token),
      userAgent: client.userAgent.slice(0, 512),
      ip: client.ip,
      expiresAt: new Date(this.now() + SESSION_LIFETIME_MS),
    });
    return token;
  }

  /** The signed-in user behind a token, or undefined for an unknown, expired or revoked token or a disabled account. */
  async authenticate(token: string): Promise<Authenticated | undefined> {
    const session = await this.findSession(hashToken(token));
    if (!session) return undefined;
    const user = await this.users.getAuthUser(session.userId);
    return user && !user.disabled ? { user, token } : undefined;
  }

  async logout(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    await this.sessions.revokeByTokenHash(tokenHash, new Date(this.now()));
    await this.cache.delete(sessionKey(tokenHash));
  }

  /** The user's active sessions, newest use first; `current` marks the one behind `token`. */
  async listSessions(userId: number, token: string): Promise<ActiveSessionInfo[]> {
    const currentHash = hashToken(token);
    const rows = await this.sessions.listActive(userId, new Date(this.now()));
    return rows.map(({ tokenHash, createdAt, lastSeenAt, ...row }) => ({
      ...row,
      createdAt: createdAt.getTime(),
      lastSeenAt: lastSeenAt.getTime(),
      current: tokenHash === currentHash,
    }));
  }

  /** Signs out one of the user's sessions, every other one (`keepToken`), or all of them. */
  async revokeSessions(userId: number, which: { sessionId: number } | { keepToken: string } | 'all'): Promise<number> {
    const now = new Date(this.now());
    let options: { onlyId?: number; exceptId?: number } = {};
    if (which !== 'all' && 'sessionId' in which) options = { onlyId: which.sessionId };
    if (which !== 'all' && 'keepToken' in which) {
      const current = await this.sessions.findActiveByTokenHash(hashToken(which.keepToken), now);
      if (current) options = { exceptId: current.id };
    }
    const revoked = await this.sessions.revokeForUser(userId, now, options);
    await Promise.all(revoked.map((tokenHash) => this.cache.delete(sessionKey(tokenHash))));
    return revoked.length;
  }

  /** How many sessions of the user are live now (the back office's user page). */
  async countActiveSessions(userId: number): Promise<number> {
    return this.sessions.countActive(userId, new Date(this.now()));
  }

  /**
   * Revokes every session of the user inside the caller's transaction (the back office disabling an
   * account); `forget` drops the cached sessions once that transaction has committed, so no request
   * re-caches a session that is still live in the database meanwhile.
   */
  async revokeAllSessionsIn(executor: Executor, userId: number): Promise<{ count: number; forget(): Promise<void> }> {
    const revoked = await this.sessions.revokeForUser(userId, new Date(this.now()), {}, executor);
    return {
      count: revoked.length,
      forget: async () => {
        await Promise.all(revoked.map((tokenHash) => this.cache.delete(sessionKey(tokenHash))));
      },
    };
  }

  private async findSession(tokenHash: string): Promise<ActiveSession | undefined> {
    const now = this.now();
    const key = sessionKey(tokenHash);
    const cached = await this.cache.get<ActiveSession>(key);
    let session = cached && cached.expiresAt > now ? cached : undefined;
    let changed = false;
    if (!session) {
      session = await this.sessions.findActiveByTokenHash(tokenHash, new Date(now));
      if (!session) return undefined;
      changed = true;
    }
    if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
      session = { ...session, lastSeenAt: now, expiresAt: now + SESSION_LIFETIME_MS };
      await this.sessions.touch(session.id, new Date(session.lastSeenAt), new Date(session.expiresAt));
      changed = true;
    }
    if (changed) {
      await this.cache.set(key, session, Math.min(SESSION_CACHE_TTL_SECONDS, (session.expiresAt - now) / 1000));
    }
    return session;
  }
}

function sessionKey(tokenHash: string): string {
  return `session:${tokenHash}`;
}
