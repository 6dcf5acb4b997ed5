import { ALIPAY_USER_ID_PATTERN } from '@spatia/contract';
import { ALIPAY_SUCCESS_CODE, AlipayGateway, describeFailure, type AlipayApplication } from '../payments/alipay-gateway.js';

/**
 * Binding a person's Alipay account by authorization (docs/withdrawals.md "Binding Alipay by
 * authorization"): the page the person approves on, and the exchange of the code it returns for the
 * Alipay user id. The sandbox by default; Alipay's own where payouts go through Alipay.
 */
export interface AlipayAuthorizationDriver {
  readonly sandbox: boolean;
  /** Where the person approves; it sends them back to `redirectUri` with `auth_code` and `state` (no `auth_code` when they cancel). */
  authorizeUrl(state: string, redirectUri: string): string;
  /** The Alipay user id (2088…) the code was issued for; throws AlipayAuthorizationError when the provider refuses or cannot tell. */
  exchange(authCode: string): Promise<string>;
}

export class AlipayAuthorizationError extends Error {
  constructor(detail: string) {
    super(`alipay authorization failed: ${detail}`);
    this.name = 'AlipayAuthorizationError';
  }
}

const AUTHORIZE_URL = 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm';
const TOKEN = 'alipay.system.oauth.token';

/** Alipay's web authorization (scope auth_base: the user id, silently) and alipay.system.oauth.token through alipay-sdk. */
export class AlipayOauthDriver implements AlipayAuthorizationDriver {
  readonly sandbox = false;
  private readonly gateway: AlipayGateway;

  constructor(private readonly application: AlipayApplication) {
    this.gateway = new AlipayGateway(application, (method, detail) => new AlipayAuthorizationError(`${method}: ${detail}`));
  }

  authorizeUrl(state: string, redirectUri: string): string {
    const query = new URLSearchParams({ app_id: this.application.appId, scope: 'auth_base', redirect_uri: redirectUri, state });
    return `${AUTHORIZE_URL}?${query.toString()}`;
  }

  async exchange(authCode: string): Promise<string> {
    const answer = await this.gateway.callPlain(TOKEN, { grant_type: 'authorization_code', code: authCode });
    // The token call answers without `code` on success; a refusal carries code and sub_code.
    if (answer.code !== undefined && answer.code !== ALIPAY_SUCCESS_CODE) throw new AlipayAuthorizationError(describeFailure(answer));
    const userId = typeof answer.user_id === 'string' ? answer.user_id : '';
    if (!ALIPAY_USER_ID_PATTERN.test(userId)) throw new AlipayAuthorizationError('no Alipay user id in the answer');
    return userId;
  }
}

/** The path of the sandbox's own authorization page (served by the withdrawals module). */
export const SANDBOX_AUTHORIZE_PATH = '/api/withdraw/alipay/sandbox-authorize';
const SANDBOX_CODE = /^SBX(2088\d{12})$/;

/**
 * The test authorization: our own page, clearly marked, stands in for Alipay's and returns an `auth_code`
 * that names the sandbox Alipay user id (`SBX` + the id); nothing is asked of Alipay.
 */
export class SandboxAlipayAuthorizationDriver implements AlipayAuthorizationDriver {
  readonly sandbox = true;

  authorizeUrl(state: string): string {
    return `${SANDBOX_AUTHORIZE_PATH}?${new URLSearchParams({ state }).toString()}`;
  }

  exchange(authCode: string): Promise<string> {
    const match = SANDBOX_CODE.exec(authCode);
    if (!match) return Promise.reject(new AlipayAuthorizationError('not a sandbox authorization code'));
    return Promise.resolve(match[1]!);
  }
}

/** The sandbox's Alipay user id of a person: the same every time they bind, distinct between people. */
export function sandboxAlipayUserId(userId: number): string {
  return `2088${String(userId).padStart(12, '0')}`;
}

export function sandboxAuthCode(alipayUserId: string): string {
  return `SBX${alipayUserId}`;
}
