/**
 * WeChat website sign-in (OAuth 2, "snsapi_login"): the browser goes to the authorize page, WeChat
 * sends it back with a code, and the server trades the code for an access token, then for the
 * user's unionid and nickname. Endpoints are configurable so tests point it at a local stand-in.
 */
export interface WechatOAuthConfig extends WechatOAuthApp {
  userInfoUrl: string;
}

export interface WechatIdentity {
  unionId: string;
  nickname: string;
}

export class WechatOAuthError extends Error {
  constructor(
    detail: string,
    /** WeChat's errcode, when WeChat answered one (40029 an invalid code, 40163 a code used already). */
    readonly errcode?: number,
  ) {
    super(`WeChat authorization failed: ${detail}`);
    this.name = 'WechatOAuthError';
  }
}

export class WechatOAuthDriver {
  constructor(
    private readonly config: WechatOAuthConfig,
    private readonly fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    return wechatAuthorizeUrl(this.config, 'snsapi_login', state, redirectUri);
  }

  async identify(code: string): Promise<WechatIdentity> {
    const token = await exchangeWechatCode(this.config, code, this.fetchJson);

    const infoUrl = new URL(this.config.userInfoUrl);
    infoUrl.search = new URLSearchParams({ access_token: token.access_token, openid: token.openid }).toString();
    const info = (await this.fetchJson(infoUrl.toString())) as { unionid?: string; nickname?: string; errcode?: number; errmsg?: string };
    const unionId = info.unionid ?? token.unionid;
    if (!unionId) throw new WechatOAuthError(`${info.errcode ?? '?'} ${info.errmsg ?? 'no unionid'}`);
    return { unionId, nickname: info.nickname ?? '' };
  }
}

/** An application of WeChat's OAuth 2: the website app (sign-in) or the official account (the payer's openid). */
export interface WechatOAuthApp {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
}

/** WeChat's authorize page for `scope`; WeChat sends the browser back to `redirectUri` with `code` and `state`. */
export function wechatAuthorizeUrl(app: WechatOAuthApp, scope: 'snsapi_login' | 'snsapi_base', state: string, redirectUri: string): string {
  const url = new URL(app.authorizeUrl);
  url.searchParams.set('appid', app.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', state);
  return `${url.toString()}#wechat_redirect`;
}

/** What `/sns/oauth2/access_token` answers for a code: the openid under the app that issued it, and the token. */
export interface WechatAccessToken {
  access_token: string;
  openid: string;
  unionid?: string;
}

/** Trades a code (single-use, five minutes) for the access token; WeChat's refusal is thrown with its errcode. */
export async function exchangeWechatCode(
  app: WechatOAuthApp,
  code: string,
  fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
): Promise<WechatAccessToken> {
  const tokenUrl = new URL(app.tokenUrl);
  tokenUrl.search = new URLSearchParams({ appid: app.appId, secret: app.appSecret, code, grant_type: 'authorization_code' }).toString();
  const token = (await fetchJson(tokenUrl.toString())) as Partial<WechatAccessToken> & { errcode?: number; errmsg?: string };
  if (!token.access_token || !token.openid) {
    throw new WechatOAuthError(`${token.errcode ?? '?'} ${token.errmsg ?? 'no access token'}`, token.errcode);
  }
  return { access_token: token.access_token, openid: token.openid, ...(token.unionid ? { unionid: token.unionid } : {}) };
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new WechatOAuthError(`HTTP ${response.status}`);
  return response.json();
}
