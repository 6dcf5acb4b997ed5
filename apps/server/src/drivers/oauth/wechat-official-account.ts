import { exchangeWechatCode, wechatAuthorizeUrl, type WechatOAuthApp } from './wechat-oauth.js';

/**
 * The official account's web authorization (网页授权) in its silent form, `snsapi_base`: inside WeChat the
 * authorize page sends the browser straight back with a code, and the server trades the code for the
 * person's openid under the official account's AppID, which WeChat Pay's JSAPI takes as `payer.openid`.
 * Endpoints are configurable so tests point it at the local stand-in (e2e/support/wechat-stand-in.mjs).
 */
export type WechatOfficialAccountConfig = WechatOAuthApp;

export class WechatOfficialAccountDriver {
  constructor(
    private readonly config: WechatOfficialAccountConfig,
    private readonly fetchJson?: (url: string) => Promise<unknown>,
  ) {}

  get appId(): string {
    return this.config.appId;
  }

  authorizeUrl(state: string, redirectUri: string): string {
    return wechatAuthorizeUrl(this.config, 'snsapi_base', state, redirectUri);
  }

  /** The openid WeChat gives for this code; throws WechatOAuthError (with WeChat's errcode) when it refuses. */
  async openIdOf(code: string): Promise<string> {
    return (await exchangeWechatCode(this.config, code, this.fetchJson)).openid;
  }
}
