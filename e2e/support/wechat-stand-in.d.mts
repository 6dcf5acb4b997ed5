export const STAND_IN_APP_ID: string;
export const STAND_IN_APP_SECRET: string;
export const STAND_IN_MP_APP_ID: string;
export const STAND_IN_MP_APP_SECRET: string;
export function startWechatStandIn(
  port?: number,
  options?: { officialAccountAppId?: string },
): Promise<{
  baseUrl: string;
  /** The website app's sign-in. */
  env: Record<string, string>;
  /** The official account's web authorization (WECHAT_MP_*, WECHAT_TOKEN_URL). */
  officialAccountEnv: Record<string, string>;
  /** The openids the official account's authorizations gave, newest last. */
  issuedOpenIds: { code: string; openid: string }[];
  close(): Promise<void>;
}>;
