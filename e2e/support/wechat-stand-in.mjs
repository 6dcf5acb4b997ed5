// A local stand-in for WeChat's OAuth 2 web sign-in (open.weixin.qq.com / api.weixin.qq.com), for tests.
// It checks what the real service checks: the app id on authorize; app id, secret, grant type and a
// single-use code on the token exchange; a live access token for the user info. Every authorization
// is approved at once, as a new WeChat user unless `?unionid=` is given to /connect/qrconnect.
//   node e2e/support/wechat-stand-in.mjs PORT      (or import { startWechatStandIn })
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export const STAND_IN_APP_ID = 'wx-stand-in-app';
export const STAND_IN_APP_SECRET = 'stand-in-secret-0123456789';

export function startWechatStandIn(port = 0) {
  const codes = new Map();
  const tokens = new Map();
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
      codes.set(code, { unionid, openid: `open-${randomBytes(6).toString('hex')}`, nickname: `微信用户${unionid.slice(-4)}` });
      const target = new URL(query.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', query.state ?? '');
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const identity = codes.get(query.code);
      if (query.appid !== STAND_IN_APP_ID || query.secret !== STAND_IN_APP_SECRET)
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (query.grant_type !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (!identity) return send({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(query.code);
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, identity);
      return send({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: 'r',
        openid: identity.openid,
        scope: 'snsapi_login',
        unionid: identity.unionid,
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
