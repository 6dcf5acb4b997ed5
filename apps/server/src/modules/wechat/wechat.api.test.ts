import { AUTH_HEADER_X, WechatErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatStandIn } from '../../../../../e2e/support/wechat-stand-in.mjs';
import { authHeaders, createTestApp, createUser, json, type TestApp } from '../../test/test-app.js';
import { requestCode } from '../../test/sms-codes.js';

let testApp: TestApp;
let standIn: Awaited<ReturnType<typeof startWechatStandIn>>;
let phoneCounter = 0;

beforeAll(async () => {
  standIn = await startWechatStandIn();
  testApp = await createTestApp(standIn.env);
});
afterAll(async () => {
  await testApp.close();
  await standIn.close();
});

function newPhone() {
  phoneCounter += 1;
  return `1770000${String(phoneCounter).padStart(4, '0')}`;
}

/** Walks the browser's part: our authorize -> WeChat (stand-in) -> our callback -> the login page's hand-off. */
async function signInWithWechat(options: { unionid?: string; dropStateCookie?: boolean } = {}) {
  const start = await testApp.app.inject({ method: 'GET', url: '/api/open/wechat/authorize?redirect=/userInformation/index' });
  expect(start.statusCode).toBe(302);
  const stateCookie = String(start.headers['set-cookie']).split(';')[0]!;
  const authorize = new URL(String(start.headers.location));
  expect(authorize.searchParams.get('appid')).toBe(standIn.env.WECHAT_APP_ID);
  if (options.unionid) authorize.searchParams.set('unionid', options.unionid);
  const atWechat = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atWechat.headers.get('location')!);
  expect(back.pathname).toBe('/api/open/wechat/callback');
  const callback = await testApp.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: options.dropStateCookie ? {} : { cookie: stateCookie },
  });
  expect(callback.statusCode).toBe(302);
  const landing = new URL(String(callback.headers.location), 'http://site');
  expect(landing.pathname).toBe('/login');
  return landing.searchParams.get('wechatHandoff')!;
}

async function complete(handoff: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/open/wechat/complete', payload: { handoff } });
}

async function bind(phoneNumber: string, unionId: string) {
  const { hash, expiredTime, verifyCode } = await requestCode(testApp.app, '/api/open/wechat/bindPhone/verifyCode', phoneNumber);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/open/user/bindWechat',
    payload: { phoneNumber, unionId, verifyCode, expiredTime, hash },
  });
}

describe('WeChat sign-in', () => {
  it('makes a new WeChat user bind a phone first, then signs them straight in next time', async () => {
    const unionid = `union-test-${Date.now()}`;
    const first = await complete(await signInWithWechat({ unionid }));
    const pending = json<{ data: { bound: boolean; unionId: string; nickname: string; redirect: string } }>(first).data;
    expect(pending).toMatchObject({ bound: false, redirect: '/userInformation/index' });
    expect(pending.nickname).toContain('微信用户');
    expect(pending.unionId).not.toContain(unionid);
    expect(first.headers[AUTH_HEADER_X]).toBeUndefined();

    const phone = newPhone();
    const bound = await bind(phone, pending.unionId);
    expect(bound.statusCode, bound.body).toBe(200);
    const login = json<{ data: { userUid: string; phoneNumber: string } }>(bound).data;
    expect(login.phoneNumber).toBe(phone);
    expect(bound.headers[AUTH_HEADER_X]).toBeTruthy();

    const second = await complete(await signInWithWechat({ unionid }));
    expect(json(second).data).toMatchObject({ bound: true, login: { userUid: login.userUid }, redirect: '/userInformation/index' });
    const token = second.headers[AUTH_HEADER_X] as string;
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/api/client/${login.userUid}/info`, headers: authHeaders(token) })).statusCode,
    ).toBe(200);
  });

  it('binds to the existing account of a registered phone', async () => {
    const member = await createUser(testApp.app);
    const pending = json<{ data: { unionId: string } }>(await complete(await signInWithWechat())).data;
    const bound = await bind(member.phone, pending.unionId);
    expect(json(bound).data).toMatchObject({ userUid: member.uid });
    const another = json<{ data: { unionId: string } }>(await complete(await signInWithWechat())).data;
    await testApp.app.services.rateLimiter.reset(`code:phone:60:${member.phone}`);
    const refused = await bind(member.phone, another.unionId);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe(WechatErrors.wechatAlreadyBound.code);
  });

  it("redeems a hand-off once, and refuses a callback without the browser's state", async () => {
    const handoff = await signInWithWechat();
    expect((await complete(handoff)).statusCode).toBe(200);
    const reused = await complete(handoff);
    expect(reused.statusCode).toBe(404);
    expect(json(reused).code).toBe(WechatErrors.wechatHandoffInvalid.code);
    const forged = await complete(await signInWithWechat({ dropStateCookie: true }));
    expect(json(forged).code).toBe(WechatErrors.wechatStateInvalid.code);
  });

  it('does not bind a unionId that did not come from a WeChat sign-in here', async () => {
    const pending = json<{ data: { unionId: string } }>(await complete(await signInWithWechat())).data;
    const [payload, signature] = pending.unionId.split('.');
    const tampered = Buffer.from(JSON.stringify({ u: 'someone-else', e: Date.now() + 60_000 })).toString('base64url');
    const response = await bind(newPhone(), `${tampered}.${signature}`);
    expect(json(response).code).toBe(WechatErrors.wechatBindingInvalid.code);
    expect(payload).toBeTruthy();
    const raw = await bind(newPhone(), 'union-raw-identifier');
    expect(json(raw).code).toBe(WechatErrors.wechatBindingInvalid.code);
  });

  it('reports a code WeChat refuses as a WeChat failure', async () => {
    const start = await testApp.app.inject({ method: 'GET', url: '/api/open/wechat/authorize' });
    const stateCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const callback = await testApp.app.inject({
      method: 'GET',
      url: `/api/open/wechat/callback?code=not-issued&state=${state}`,
      headers: { cookie: stateCookie },
    });
    const handoff = new URL(String(callback.headers.location), 'http://site').searchParams.get('wechatHandoff')!;
    const response = await complete(handoff);
    expect(response.statusCode).toBe(502);
    expect(json(response).code).toBe(WechatErrors.wechatFailed.code);
  });

  it('sends the browser only to this site after signing in', async () => {
    const start = await testApp.app.inject({ method: 'GET', url: '/api/open/wechat/authorize?redirect=//evil.example/x' });
    const authorize = new URL(String(start.headers.location));
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const callback = await testApp.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: String(start.headers['set-cookie']).split(';')[0]! },
    });
    const handoff = new URL(String(callback.headers.location), 'http://site').searchParams.get('wechatHandoff')!;
    expect(json(await complete(handoff)).data).toMatchObject({ redirect: '/dashboard/dashboard' });
  });
});
