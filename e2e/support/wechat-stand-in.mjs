// A local stand-in for WeChat's OAuth 2 (open.weixin.qq.com / api.weixin.qq.com), for tests: the website
// app's sign-in (/connect/qrconnect, snsapi_login) and the official account's web authorization
// (/connect/oauth2/authorize, snsapi_base, which gives the openid WeChat Pay's JSAPI takes).
// It checks what the real service checks: the app id (and, for the official account, a browser inside
// WeChat: its user agent says MicroMessenger) on authorize; on the token exchange the app id, its secret,
// the grant type and a code issued to that app, once (40029 an unknown code, 40163 a used one); a live
// access token for the user info. Every authorization is approved at once: sign-in as a new WeChat user
// unless `?unionid=` is given; the official account with a new openid unless `?openid=` is given, and
// refused (back with `state` but no `code`, as WeChat does) with `?refuse=1`.
//   node e2e/support/wechat-stand-in.mjs PORT      (or import { startWechatStandIn })
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export const STAND_IN_APP_ID = 'wx-stand-in-app';
export const STAND_IN_APP_SECRET = 'stand-in-secret-0123456789';
export const STAND_IN_MP_APP_ID = 'wx-stand-in-official-account';
export const STAND_IN_MP_APP_SECRET = 'stand-in-mp-secret-0123456789';

/**
 * @param {number} port
 * @param {{ officialAccountAppId?: string }} options the official account's AppID (a test makes it WeChat Pay's)
 */
export function startWechatStandIn(port = 0, { officialAccountAppId = STAND_IN_MP_APP_ID } = {}) {
  const secrets = new Map([
    [STAND_IN_APP_ID, STAND_IN_APP_SECRET],
    [officialAccountAppId, STAND_IN_MP_APP_SECRET],
  ]);
  const codes = new Map();
  const usedCodes = new Set();
  const tokens = new Map();
  /** The openids the official account's authorizations gave, newest last: `{ code, openid }`. */
  const issuedOpenIds = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    const send = (body) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/connect/qrconnect') {
      if (query.appid !== STAND_IN_APP_ID || query.response_type !== 'code' || !query.redirect_uri) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('invalid authorize request');
        return;
      }
      const code = randomBytes(12).toString('hex');
      const unionid = query.unionid ?? `union-${randomBytes(8).toString('hex')}`;
      codes.set(code, {
        appid: query.appid,
        scope: 'snsapi_login',
        unionid,
        openid: `open-${randomBytes(6).toString('hex')}`,
        nickname: `微信用户${unionid.slice(-4)}`,
      });
      const target = new URL(query.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', query.state ?? '');
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }
    if (url.pathname === '/connect/oauth2/authorize') {
      // WeChat opens this page only in its own browser ("请在微信客户端打开链接").
      if (!/MicroMessenger/i.test(request.headers['user-agent'] ?? '')) {
        response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('请在微信客户端打开链接');
        return;
      }
      if (
        query.appid !== officialAccountAppId ||
        query.response_type !== 'code' ||
        !['snsapi_base', 'snsapi_userinfo'].includes(query.scope) ||
        !/^https?:\/\//.test(query.redirect_uri ?? '')
      ) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('invalid authorize request');
        return;
      }
      const target = new URL(query.redirect_uri);
      if (query.refuse !== '1') {
        const code = randomBytes(12).toString('hex');
        const openid = query.openid ?? `o${randomBytes(14).toString('base64url')}`;
        codes.set(code, { appid: query.appid, scope: query.scope, openid, unionid: undefined, nickname: '' });
        issuedOpenIds.push({ code, openid });
        target.searchParams.set('code', code);
      }
      target.searchParams.set('state', query.state ?? '');
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const identity = codes.get(query.code);
      if (!secrets.has(query.appid) || query.secret !== secrets.get(query.appid))
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (query.grant_type !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (usedCodes.has(query.code)) return send({ errcode: 40163, errmsg: 'code been used' });
      if (!identity || identity.appid !== query.appid) return send({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(query.code);
      usedCodes.add(query.code);
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, identity);
      return send({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: 'r',
        openid: identity.openid,
        scope: identity.scope,
        ...(identity.unionid ? { unionid: identity.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const identity = tokens.get(query.access_token);
      if (!identity || identity.openid !== query.openid) return send({ errcode: 40001, errmsg: 'invalid credential' });
      return send({ openid: identity.openid, unionid: identity.unionid, nickname: identity.nickname, headimgurl: '' });
    }
    response.writeHead(404);
    response.end();
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const baseUrl = `http://127.0.0.1:${address.port}`;
      resolve({
        baseUrl,
        env: {
          WECHAT_APP_ID: STAND_IN_APP_ID,
          WECHAT_APP_SECRET: STAND_IN_APP_SECRET,
          WECHAT_AUTHORIZE_URL: `${baseUrl}/connect/qrconnect`,
          WECHAT_TOKEN_URL: `${baseUrl}/sns/oauth2/access_token`,
          WECHAT_USERINFO_URL: `${baseUrl}/sns/userinfo`,
        },
        /** The official account's web authorization, for a server that pays by JSAPI. */
        officialAccountEnv: {
          WECHAT_MP_APP_ID: officialAccountAppId,
          WECHAT_MP_APP_SECRET: STAND_IN_MP_APP_SECRET,
          WECHAT_MP_AUTHORIZE_URL: `${baseUrl}/connect/oauth2/authorize`,
          WECHAT_TOKEN_URL: `${baseUrl}/sns/oauth2/access_token`,
        },
        issuedOpenIds,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const standIn = await startWechatStandIn(Number(process.argv[2] ?? 0));
  console.log(`WeChat OAuth stand-in on ${standIn.baseUrl}`);
  console.log(
    Object.entries(standIn.env)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
  );
}
