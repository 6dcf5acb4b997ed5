import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CodeLoginResult } from '@spatia/contract';
import type { WechatOAuthDriver } from '../../drivers/oauth/wechat-oauth.js';
import { fail } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import type { AccountsService, CodeFields } from '../accounts/index.js';
import type { ClientInfo } from '../../lib/request-info.js';
import { hashToken } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import type { SmsCodesService } from '../sms-codes/index.js';
import type { WechatRepository } from './wechat.repository.js';

const STATE_TTL_SECONDS = 10 * 60;
const HANDOFF_TTL_SECONDS = 5 * 60;
const BINDING_TTL_MS = 15 * 60 * 1000;

type Handoff = { unionId: string; nickname: string; redirect: string } | { error: 'wechatStateInvalid' | 'wechatFailed'; redirect: string };

export type CompletedSignIn =
  | { bound: true; token: string; login: CodeLoginResult; redirect: string }
  | { bound: false; unionId: string; nickname: string; redirect: string };

/**
 * WeChat sign-in. The callback never hands the browser a session in a URL: it stores a one-time
 * hand-off that the login page redeems. An unknown WeChat user must bind a phone first (spec:
 * phone binding on first login); the `unionId` the client sends back for that is a signed,
 * short-lived binding ticket, so only someone who just completed the WeChat sign-in can bind it.
 */
export class WechatService {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly oauth: WechatOAuthDriver,
    private readonly repository: WechatRepository,
    private readonly users: UsersService,
    private readonly accounts: AccountsService,
    private readonly smsCodes: SmsCodesService,
    private readonly cache: Cache,
    private readonly loadSecret: () => Promise<string>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async begin(redirect: string, callbackUrl: string): Promise<{ state: string; authorizeUrl: string }> {
    const state = randomBytes(16).toString('base64url');
    await this.cache.set(`wechat-state:${state}`, { redirect }, STATE_TTL_SECONDS);
    return { state, authorizeUrl: this.oauth.authorizeUrl(state, callbackUrl) };
  }

  /**
   * Handles WeChat's redirect and returns the hand-off the login page redeems. It never fails at the
   * browser: a failure is kept in the hand-off, and redeeming it gives the message.
   */
  async callback(code: string | undefined, state: string | undefined, stateCookie: string | undefined): Promise<string> {
    const stored = state && state === stateCookie ? await this.cache.take<{ redirect: string }>(`wechat-state:${state}`) : undefined;
    let handoff: Handoff;
    if (!stored) {
      handoff = { error: 'wechatStateInvalid', redirect: '' };
    } else {
      try {
        if (!code) throw new Error('no code');
        handoff = { ...(await this.oauth.identify(code)), redirect: stored.redirect };
      } catch {
        handoff = { error: 'wechatFailed', redirect: stored.redirect };
      }
    }
    const token = randomBytes(24).toString('base64url');
    await this.cache.set(`wechat-handoff:${hashToken(token)}`, handoff, HANDOFF_TTL_SECONDS);
    return token;
  }

  async complete(handoffToken: string, client: ClientInfo): Promise<CompletedSignIn> {
    const key = `wechat-handoff:${hashToken(handoffToken)}`;
    const handoff = await this.cache.take<Handoff>(key);
    if (!handoff) throw fail('wechatHandoffInvalid');
    if ('error' in handoff) throw fail(handoff.error);
    const userId = await this.repository.findUserId(handoff.unionId);
    if (userId !== undefined) {
      const { token, result } = await this.accounts.startCodeSession(userId, client);
      return { bound: true, token, login: result, redirect: handoff.redirect };
    }
    return {
      bound: false,
      unionId: await this.signBinding(handoff.unionId),
      nickname: handoff.nickname,
      redirect: handoff.redirect,
    };
  }

  /** Binds the WeChat identity to the phone's account (created on first use) and signs in. */
  async bindPhone(phone: string, bindingTicket: string, code: CodeFields, client: ClientInfo) {
    const unionId = await this.openBinding(bindingTicket);
    await this.smsCodes.consumeCode({ phone, purpose: 'bindPhone', ...code, expiredTime: Number(code.expiredTime) });
    const existing = await this.users.findIdByPhone(phone);
    if (existing !== undefined && (await this.repository.findUnionIdOfUser(existing)) !== undefined) throw fail('wechatAlreadyBound');
    const userId = existing ?? (await this.accounts.createFreeAccount(phone, null)).id;
    if (!(await this.repository.bind(unionId, userId))) throw fail('wechatAlreadyBound');
    return this.accounts.startCodeSession(userId, client);
  }

  private async signBinding(unionId: string): Promise<string> {
    const payload = Buffer.from(JSON.stringify({ u: unionId, e: this.now() + BINDING_TTL_MS })).toString('base64url');
    return `${payload}.${await this.mac(payload)}`;
  }

  private async openBinding(ticket: string): Promise<string> {
    const [payload = '', signature = ''] = ticket.split('.');
    const expected = Buffer.from(await this.mac(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw fail('wechatBindingInvalid');
    const { u, e } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { u: string; e: number };
    if (e <= this.now()) throw fail('wechatBindingInvalid');
    return u;
  }

  private async mac(payload: string): Promise<string> {
    this.secret ??= this.loadSecret();
    return createHmac('sha256', await this.secret)
      .update(`wechat-binding|${payload}`)
      .digest('base64url');
  }
}
