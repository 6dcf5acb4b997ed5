import { AUTH_HEADER_X, ErrorCode, AuthErrors, SmsCodeErrors } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../users/users.tables.js';
import { authHeaders, createTestApp, createUser, json, signIn, type TestApp } from '../../test/test-app.js';
import { requestCode, resetPassword } from '../../test/sms-codes.js';

let testApp: TestApp;
let phoneCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function newPhone() {
  phoneCounter += 1;
  return `1580000${String(phoneCounter).padStart(4, '0')}`;
}

async function register(phoneNumber: string, extra: Record<string, string> = {}) {
  const code = await requestCode(testApp.app, '/api/client/register/verifyCode', phoneNumber);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/c/register',
    payload: { phoneNumber, password: 'Welcome2026', ...code, expiredTime: String(code.expiredTime), ...extra },
  });
}

async function userInfo(token: string, uid: string) {
  return testApp.app.inject({ method: 'GET', url: `/api/client/${uid}/info`, headers: authHeaders(token) });
}

describe('POST /api/client/checkPhoneNumber', () => {
  it('tells whether a phone has an account, form-encoded or in the query', async () => {
    const user = await createUser(testApp.app);
    const known = await testApp.app.inject({ method: 'POST', url: '/api/client/checkPhoneNumber', payload: { phoneNumber: user.phone } });
    expect(json(known).data).toEqual({ registered: true });
    const unknown = await testApp.app.inject({ method: 'POST', url: `/api/client/checkPhoneNumber?phoneNumber=${newPhone()}` });
    expect(json(unknown).data).toEqual({ registered: false });
    const bad = await testApp.app.inject({ method: 'POST', url: '/api/client/checkPhoneNumber', payload: { phoneNumber: 'abc' } });
    expect(json(bad).code).toBe(ErrorCode.validation);
  });

  it('answers one address at most ten times a minute, then 429 with Retry-After', async () => {
    const check = (remoteAddress: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/client/checkPhoneNumber',
        payload: { phoneNumber: newPhone() },
        remoteAddress,
        cookies: { language: 'en' },
      });
    for (let i = 0; i < 10; i += 1) expect((await check('198.51.100.30')).statusCode).toBe(200);
    const refused = await check('198.51.100.30');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe(ErrorCode.retryIn);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(json(refused).msg).toBe(`Too many attempts. Try again in ${seconds} s`);
    expect((await check('198.51.100.31')).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it('creates a free-tier account with the PC-user name, signs in, and links the inviter two levels up', async () => {
    const grandparent = await register(newPhone());
    const grandparentUid = json<{ data: { uid: string } }>(grandparent).data.uid;
    const { db } = testApp.app.services.database;
    const [grand] = await db.select().from(users).where(eq(users.uid, grandparentUid));
    const parentResponse = await register(newPhone(), { invitedCode: grand!.inviteCode.toLowerCase() });
    const parentUid = json<{ data: { uid: string } }>(parentResponse).data.uid;
    const [parent] = await db.select().from(users).where(eq(users.uid, parentUid));
    expect(parent!.invitedByUserId).toBe(grand!.id);

    const child = await register(newPhone(), { invitedCode: parent!.inviteCode });
    expect(child.statusCode).toBe(200);
    const body = json<{ data: { uid: string; fullName: string } }>(child).data;
    expect(body.fullName).toBe('PC用户');
    const token = child.headers[AUTH_HEADER_X] as string;
    const info = json<{ data: { roles: string[]; menus: number[] } }>(await userInfo(token, body.uid)).data;
    expect(info.roles).toEqual(['customer']);
    // The customer role's defaults (migration 0013's seed; docs/access.md): nothing is granted one by one.
    expect(info.menus).toEqual([35, 37, 161, 162, 276, 1621, 1622, 16211, 16212, 16213, 16221, 16222, 16223]);
    const [childRow] = await db.select().from(users).where(eq(users.uid, body.uid));
    expect(childRow!.invitedByUserId).toBe(parent!.id);
    expect(childRow!.inviteCode).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('refuses a sign-up code for a registered phone, and an unknown invite code', async () => {
    const user = await createUser(testApp.app);
    const taken = await testApp.app.inject({ method: 'GET', url: `/api/client/register/verifyCode?phoneNumber=${user.phone}` });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).code).toBe(AuthErrors.accountExists.code);
    const response = await register(newPhone(), { invitedCode: 'NOPE99' });
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe(AuthErrors.invalidInviteCode.code);
  });

  it('explains a weak password and a wrong code, and creates nothing', async () => {
    const phone = newPhone();
    const weak = await register(phone, { password: 'short' });
    expect(json(weak)).toEqual({ code: ErrorCode.validation, msg: '参数 password 至少需要 8 个字符' });
    const code = await requestCode(testApp.app, '/api/client/register/verifyCode', newPhone());
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/register',
      cookies: { language: 'en' },
      payload: { phoneNumber: phone, password: 'Welcome2026', ...code, verifyCode: code.verifyCode === '000000' ? '000001' : '000000' },
    });
    expect(json(wrong)).toEqual({ code: SmsCodeErrors.codeWrong.code, msg: 'Wrong code. 4 attempts left' });
    const check = await testApp.app.inject({ method: 'POST', url: '/api/client/checkPhoneNumber', payload: { phoneNumber: phone } });
    expect(json(check).data).toEqual({ registered: false });
  });

  it('limits codes to one a minute per phone and says when to try again', async () => {
    const phone = newPhone();
    await requestCode(testApp.app, '/api/client/register/verifyCode', phone);
    const again = await testApp.app.inject({
      method: 'GET',
      url: `/api/client/register/verifyCode?phoneNumber=${phone}`,
      cookies: { language: 'en' },
    });
    expect(again.statusCode).toBe(429);
    expect(json(again).msg).toMatch(/^Too many codes requested\. Try again in (59|60) s$/);
    expect(again.headers['retry-after']).toMatch(/^(59|60)$/);
  });
});

describe('SMS-code sign-in', () => {
  it('registers a new phone on first use and signs the same account in afterwards', async () => {
    const phone = newPhone();
    const first = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/smsLogin',
      payload: { phoneNumber: phone, ...(await requestCode(testApp.app, '/api/c/smsLogin/verifyCode', phone)) },
    });
    expect(first.statusCode).toBe(200);
    const created = json<{ data: { userUid: string; username: string; phoneNumber: string; avatarUrl: string } }>(first).data;
    expect(created).toMatchObject({ username: 'PC用户', phoneNumber: phone, avatarUrl: '' });
    expect(first.headers[AUTH_HEADER_X]).toBeTruthy();

    // The same phone, a minute later: the same account.
    await testApp.app.services.rateLimiter.reset(`code:phone:60:${phone}`);
    const code = await requestCode(testApp.app, '/api/c/smsLogin/verifyCode', phone);
    const second = await testApp.app.inject({
      method: 'POST',
      url: `/api/c/smsLogin?phoneNumber=${phone}&verifyCode=${code.verifyCode}&expiredTime=${code.expiredTime}&hash=${code.hash}`,
    });
    expect(json<{ data: { userUid: string } }>(second).data.userUid).toBe(created.userUid);
  });

  it('does not let a sign-up code sign in', async () => {
    const phone = newPhone();
    const code = await requestCode(testApp.app, '/api/client/register/verifyCode', phone);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/c/smsLogin', payload: { phoneNumber: phone, ...code } });
    expect(json(response).code).toBe(SmsCodeErrors.codeWrong.code);
  });
});

describe('password reset and change', () => {
  // The delays and the lock after wrong passwords, and a reset lifting the lock: auth.api.test.ts.
  it('resets the password with a code and ends every session', async () => {
    const user = await createUser(testApp.app);
    const oldToken = await signIn(testApp.app, user);
    const attempt = (password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/client/login',
        payload: { phoneNumber: user.phone, password },
        cookies: { language: 'en' },
      });

    const reset = await resetPassword(testApp.app, user.phone, 'BrandNew2026');
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await userInfo(oldToken, user.uid)).statusCode).toBe(401);
    expect(json(await attempt(user.password)).code).toBe(AuthErrors.invalidCredentials.code);
    expect((await attempt('BrandNew2026')).statusCode).toBe(200);
  });

  it('refuses a reset code for a phone without an account', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/client/forgetPwd/verifyCode?phoneNumber=${newPhone()}` });
    expect(response.statusCode).toBe(404);
    expect(json(response).code).toBe(AuthErrors.phoneNotRegistered.code);
  });

  it('changes the password with the current one, ending the other sessions but not this one', async () => {
    const user = await createUser(testApp.app);
    const here = await signIn(testApp.app, user);
    const elsewhere = await signIn(testApp.app, user);
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/password',
      headers: authHeaders(here),
      payload: { currentPassword: 'nope12345', newPassword: 'Changed2026' },
    });
    expect(json(wrong).code).toBe(AuthErrors.wrongCurrentPassword.code);
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/password',
      headers: authHeaders(here),
      payload: { currentPassword: user.password, newPassword: 'Changed2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await userInfo(here, user.uid)).statusCode).toBe(200);
    expect((await userInfo(elsewhere, user.uid)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it("lists my sessions and signs out one device or all others; never someone else's", async () => {
    const user = await createUser(testApp.app);
    const laptop = await signIn(testApp.app, user);
    const phone = await signIn(testApp.app, user);
    const tablet = await signIn(testApp.app, user);
    const list = json<{ data: { id: number; current: boolean }[] }>(
      await testApp.app.inject({ method: 'GET', url: '/api/c/sessions', headers: authHeaders(laptop) }),
    ).data;
    expect(list).toHaveLength(3);
    expect(list.filter((session) => session.current)).toHaveLength(1);

    const stranger = await createUser(testApp.app);
    const strangerToken = await signIn(testApp.app, stranger);
    const notMine = list.find((session) => !session.current)!;
    const refused = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/c/sessions/${notMine.id}`,
      headers: authHeaders(strangerToken),
    });
    expect(refused.statusCode).toBe(404);

    const phoneSessions = json<{ data: { id: number; current: boolean }[] }>(
      await testApp.app.inject({ method: 'GET', url: '/api/c/sessions', headers: authHeaders(phone) }),
    ).data;
    const phoneSession = phoneSessions.find((session) => session.current)!;
    const one = await testApp.app.inject({ method: 'DELETE', url: `/api/c/sessions/${phoneSession.id}`, headers: authHeaders(laptop) });
    expect(json(one).data).toEqual({ revoked: 1 });
    expect((await userInfo(phone, user.uid)).statusCode).toBe(401);

    const others = await testApp.app.inject({ method: 'POST', url: '/api/c/sessions/revokeOthers', headers: authHeaders(laptop) });
    expect(json(others).data).toEqual({ revoked: 1 });
    expect((await userInfo(tablet, user.uid)).statusCode).toBe(401);
    expect((await userInfo(laptop, user.uid)).statusCode).toBe(200);
  });

  it('needs a session for every session call', async () => {
    for (const [method, url] of [
      ['GET', '/api/c/sessions'],
      ['DELETE', '/api/c/sessions/1'],
      ['POST', '/api/c/sessions/revokeOthers'],
      ['POST', '/api/c/password'],
    ] as const) {
      expect((await testApp.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
