/**
 * WeChat website sign-in (OAuth 2, "snsapi_login"): the browser goes to the authorize page, WeChat
 * sends it back with a code, and the server trades the code for an access token, then for the
 * user's unionid and nickname. Endpoints are configurable so tests point it at a local stand-in.
 */
export interface WechatOAuthConfig {
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface WechatIdentity {
  unionId: string;
  nickname: string;
}

export class WechatOAuthError extends Error {
  constructor(detail: string) {
    super(`WeChat sign-in failed: ${detail}`);
    this.name = 'WechatOAuthError';
  }
}

export class WechatOAuthDriver {
  constructor(
    private readonly config: WechatOAuthConfig,
    private readonly fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const url = new URL(this.config.authorizeUrl);
    url.searchParams.set('appid', this.config.appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'snsapi_login');
    url.searchParams.set('state', state);
    return `${url.toString()}#wechat_redirect`;
  }

  async identify(code: string): Promise<WechatIdentity> {
    const tokenUrl = new URL(this.config.tokenUrl);
    tokenUrl.search = new URLSearchParams({
      appid: this.config.appId,
      secret: this.config.appSecret,
      code,
      grant_type: 'authorization_code',
    }).toString();
    const token = (await this.fetchJson(tokenUrl.toString())) as {
      access_token?: string;
      openid?: string;
      unionid?: string;
      errcode?: number;
      errmsg?: string;
    };
    if (!token.access_token || !token.openid) throw new WechatOAuthError(`${token.errcode ?? '?'} ${token.errmsg ?? 'no access token'}`);

    const infoUrl = new URL(this.config.userInfoUrl);
    infoUrl.search = new URLSearchParams({ access_token: token.access_token, openid: token.openid }).toString();
    const info = (await this.fetchJson(infoUrl.toString())) as { unionid?: string; nickname?: string; errcode?: number; errmsg?: string };
    const unionId = info.unionid ?? token.unionid;
    if (!unionId) throw new WechatOAuthError(`${info.errcode ?? '?'} ${info.errmsg ?? 'no unionid'}`);
    return { unionId, nickname: info.nickname ?? '' };
  }
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new WechatOAuthError(`HTTP ${response.status}`);
  return response.json();
}
