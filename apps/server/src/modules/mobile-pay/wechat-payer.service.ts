import { randomBytes } from 'node:crypto';
import type { WechatPayer, WechatPayerAuthorization } from '@spatia/contract';
import type { WechatOfficialAccountDriver } from '../../drivers/oauth/wechat-official-account.js';
import { WechatOAuthError } from '../../drivers/oauth/wechat-oauth.js';
import { fail } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import { hashToken } from '../auth/index.js';
import type { WechatPayersRepository } from './wechat-payers.repository.js';

/** As long as WeChat's own code lives, doubled: the person is sent to WeChat and straight back. */
const STATE_TTL_SECONDS = 10 * 60;

/**
 * The payer's openid for WeChat Pay's JSAPI (docs/mobile-pay.md "The payer's openid"), from the official
 * account's silent web authorization: the pay page starts it (a state bound to the signed-in person, one
 * use), WeChat sends the browser back to the pay page with a code, and the page hands code and state back
 * here, where the state is checked against the caller and the code traded at WeChat for the openid, kept
 * for the person under the AppID. Where it is configured, the openid is never taken from the browser.
 */
export class WechatPayerService {
  constructor(
    /** Undefined when the official account is not configured (WECHAT_MP_APP_ID). */
    private readonly officialAccount: WechatOfficialAccountDriver | undefined,
    /** Whether the site takes WeChat Pay at all (PAYMENT_PROVIDERS). */
    private readonly takesWechatPay: boolean,
    private readonly repository: WechatPayersRepository,
    private readonly cache: Cache,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** `GET /api/c/mobilePay/wechat/payer`: whether JSAPI is offered here, and whether the person's openid is known. */
  async payer(userId: number): Promise<WechatPayer> {
    if (!this.officialAccount || !this.takesWechatPay) return { jsapi: false, openIdKnown: false };
    return { jsapi: true, openIdKnown: (await this.repository.openIdOf(userId, this.officialAccount.appId)) !== undefined };
  }

  /** `POST /api/c/mobilePay/wechat/authorization`: WeChat's authorize page, coming back to `returnUrl` with a code. */
  async begin(userId: number, returnUrl: string): Promise<WechatPayerAuthorization> {
    const officialAccount = this.configured();
    const state = randomBytes(16).toString('base64url');
    await this.cache.set(stateKey(userId, state), true, STATE_TTL_SECONDS);
    const back = new URL(returnUrl);
    back.searchParams.delete('code');
    back.searchParams.delete('state');
    return { url: officialAccount.authorizeUrl(state, back.toString()), expiresAt: this.now() + STATE_TTL_SECONDS * 1000 };
  }

  /**
   * `POST /api/c/mobilePay/wechat/authorization/complete`: the state must be the caller's and unused (another
   * person's reads as unknown and stays theirs); it is spent before WeChat is asked, so a code is tried once.
   */
  async complete(userId: number, state: string, code: string | undefined): Promise<WechatPayer> {
    const officialAccount = this.configured();
    if (!(await this.cache.take<boolean>(stateKey(userId, state)))) throw fail('mobilePayWechatStateInvalid');
    if (!code) throw fail('mobilePayWechatDeclined');
    let openId: string;
    try {
      openId = await officialAccount.openIdOf(code);
    } catch (error) {
      const reason = error instanceof WechatOAuthError && error.errcode !== undefined ? `errcode ${error.errcode}` : 'no answer';
      throw fail('mobilePayWechatFailed', { reason });
    }
    await this.repository.save(userId, officialAccount.appId, openId);
    return { jsapi: this.takesWechatPay, openIdKnown: true };
  }

  /**
   * The openid a JSAPI payment is made for: the one WeChat gave this person where the official account is
   * configured (what the browser sends is ignored), else the one the client sent (an app that has it).
   */
  async jsapiOpenId(userId: number, sent: string | undefined): Promise<string | undefined> {
    if (!this.officialAccount) return sent;
    return this.repository.openIdOf(userId, this.officialAccount.appId);
  }

  private configured(): WechatOfficialAccountDriver {
    if (!this.officialAccount || !this.takesWechatPay) throw fail('mobilePayWechatNotConfigured');
    return this.officialAccount;
  }
}

/** Per person: another person's state is unknown to them, and taking it leaves it to its owner. */
const stateKey = (userId: number, state: string) => `wechat-payer-state:${userId}:${hashToken(state)}`;
