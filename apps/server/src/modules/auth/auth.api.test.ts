import { AUTH_HEADER_X, ErrorCode, Permission, Role, AuthErrors } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from './sessions.tables.js';
import { users } from '../users/users.tables.js';
import { MemoryRateLimiter } from '../../lib/rate-limiter.js';
import { authHeaders, createTestApp, createUser, json, signIn, type TestApp, type TestUser } from '../../test/test-app.js';
import { requestCode, resetPassword } from '../../test/sms-codes.js';
import { hashToken } from './auth.service.js';

let testApp: TestApp;
let customer: TestUser;
/** The rate limiter's clock: the waits between password attempts pass when a test moves it. */
const clock = { now: Date.now() };

beforeAll(async () => {
  testApp = await createTestApp({}, { rateLimiter: new MemoryRateLimiter(() => clock.now) });
  customer = await createUser(testApp.app, { roles: [Role.customer], menus: [Permission.userInformation], name: '张三' });
});
afterAll(() => testApp.close());

describe('POST /api/client/login', () => {
  it('signs in with form-encoded parameters and returns the token in x-auth-token', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phoneNumber=${customer.phone}&password=${encodeURIComponent(customer.password)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ code: 0, msg: 'ok', data: { uid: customer.uid, fullName: '张三', avatarUrl: '' } });
    expect(response.headers[AUTH_HEADER_X]).toMatch(/^[\w-]{43}$/);
    expect(response.headers['access-control-expose-headers']).toContain(AUTH_HEADER_X);
  });

  it('accepts the parameters in the query string, as the spec client sends them', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/client/login?phoneNumber=${customer.phone}&password=${encodeURIComponent(customer.password)}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('stores only a hash of the token and an argon2id hash of the password', async () => {
    const token = await signIn(testApp.app, customer);
    const { db } = testApp.app.services.database;
    const [session] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(session).toBeDefined();
    const stored = await db.select().from(sessions);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    const [user] = await db.select().from(users).where(eq(users.phone, customer.phone));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses a wrong password with code 1101 in the caller's language, never 401", async () => {
    const payload = { phoneNumber: customer.phone, password: 'wrong-password1' };
    const english = await testApp.app.inject({ method: 'POST', url: '/api/client/login', payload, cookies: { language: 'en' } });
    expect(english.statusCode).toBe(400);
    expect(json(english)).toEqual({ code: AuthErrors.invalidCredentials.code, msg: 'Wrong phone number or password' });
    const chinese = await testApp.app.inject({ method: 'POST', url: '/api/client/login', payload });
    expect(json(chinese).msg).toBe('手机号或密码错误');
  });

  it('gives an unknown phone the same answer as a wrong password', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { phoneNumber: '13000000000', password: 'whatever123' },
    });
    expect(json(response).code).toBe(AuthErrors.invalidCredentials.code);
  });

  it('names the missing or malformed field', async () => {
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { phoneNumber: customer.phone },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ code: ErrorCode.validation, msg: 'Parameter password is required' });
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { phoneNumber: '12345', password: 'x' },
    });
    expect(json(malformed)).toEqual({ code: ErrorCode.validation, msg: '参数 phoneNumber 格式不正确' });
  });
});

describe('GET /api/client/:uid/info', () => {
  it('answers 401 with code 401 without a token, or with an unknown one', async () => {
    for (const headers of [{}, authHeaders('not-a-real-token')]) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/client/${customer.uid}/info`, headers });
      expect(response.statusCode).toBe(401);
      expect(json(response).code).toBe(401);
    }
  });

  it('returns the signed-in user with roles and menus, and refreshes the token header', async () => {
    const token = await signIn(testApp.app, customer);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/client/${customer.uid}/info`,
      headers: { 'x-auth-token': token },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toEqual({
      uid: customer.uid,
      name: '张三',
      avatarUrl: '',
      roles: ['customer'],
      phone: customer.phone,
      businessRoleCode: '',
      // The customer role's defaults (docs/access.md); the grant of 161 is among them.
      menus: [35, 37, 161, 162, 276, 1621, 1622, 16211, 16212, 16213, 16221, 16222, 16223],
      enterpriseLogoUrl: '',
    });
    expect(response.headers[AUTH_HEADER_X]).toBe(token);
  });

  it('accepts the token in the auth-token header alone', async () => {
    const token = await signIn(testApp.app, customer);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/client/${customer.uid}/info`, headers: { 'auth-token': token } });
    expect(response.statusCode).toBe(200);
  });

  it("refuses another user's uid", async () => {
    const other = await createUser(testApp.app);
    const token = await signIn(testApp.app, customer);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/client/${other.uid}/info`, headers: authHeaders(token) });
    expect(response.statusCode).toBe(403);
    expect(json(response).code).toBe(AuthErrors.notYourAccount.code);
  });

  it('lets an admin read any user, and says 404 for an unknown uid', async () => {
    const admin = await createUser(testApp.app, { roles: [Role.admin] });
    const token = await signIn(testApp.app, admin);
    const found = await testApp.app.inject({ method: 'GET', url: `/api/client/${customer.uid}/info`, headers: authHeaders(token) });
    expect(json(found).data).toMatchObject({ uid: customer.uid, phone: customer.phone });
    const missing = await testApp.app.inject({ method: 'GET', url: '/api/client/nobody/info', headers: authHeaders(token) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/c/logout', () => {
  it('revokes the token at once, even though sessions are cached', async () => {
    const token = await signIn(testApp.app, customer);
    const infoUrl = `/api/client/${customer.uid}/info`;
    expect((await testApp.app.inject({ method: 'GET', url: infoUrl, headers: authHeaders(token) })).statusCode).toBe(200);
    const logout = await testApp.app.inject({ method: 'POST', url: '/api/c/logout', headers: authHeaders(token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.headers[AUTH_HEADER_X]).toBeUndefined();
    const after = await testApp.app.inject({ method: 'GET', url: infoUrl, headers: authHeaders(token) });
    expect(after.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/c/logout' });
    expect(response.statusCode).toBe(401);
  });

  it("leaves the user's other sessions alone", async () => {
    const first = await signIn(testApp.app, customer);
    const second = await signIn(testApp.app, customer);
    await testApp.app.inject({ method: 'POST', url: '/api/c/logout', headers: authHeaders(first) });
    const response = await testApp.app.inject({ method: 'GET', url: `/api/client/${customer.uid}/info`, headers: authHeaders(second) });
    expect(response.statusCode).toBe(200);
  });
});

describe('password guessing', () => {
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;

  function login(phoneNumber: string, password: string, remoteAddress: string, language = 'en') {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { phoneNumber, password },
      remoteAddress,
      cookies: { language },
    });
  }

  function expectWait(response: Awaited<ReturnType<typeof login>>, code: number, seconds: number) {
    expect(response.statusCode, response.body).toBe(429);
    expect(json(response).code).toBe(code);
    expect(response.headers['retry-after']).toBe(String(seconds));
  }

  it('slows down one address trying wrong passwords for many phones, and says how long in 429 with Retry-After', async () => {
    const attacker = '198.51.100.1';
    for (let i = 0; i < 10; i += 1) {
      const response = await login(`1370000${String(i).padStart(4, '0')}`, 'guess-123', attacker);
      expect(json(response).code).toBe(AuthErrors.invalidCredentials.code);
    }
    const eleventh = await login('13700000010', 'guess-123', attacker);
    expectWait(eleventh, AuthErrors.passwordRetryIn.code, 1);
    expect(json(eleventh).msg).toBe('Too many wrong passwords. Try again in 1 s, or sign in with a code');
    const chinese = await login('13700000011', 'guess-123', attacker, 'zh');
    expectWait(chinese, AuthErrors.passwordRetryIn.code, 1);
    expect(json(chinese).msg).toBe('密码错误次数过多，请 1 秒后再试，或使用验证码登录');
    // While it waits, even a right password from that address is not checked; other addresses are not held up.
    expectWait(await login(customer.phone, customer.password, attacker), AuthErrors.passwordRetryIn.code, 1);
    expect((await login(customer.phone, customer.password, '198.51.100.2')).statusCode).toBe(200);

    clock.now += SECOND;
    expectWait(await login('13700000012', 'guess-123', attacker), AuthErrors.passwordRetryIn.code, 2);
    clock.now += 2 * SECOND;
    expect((await login(customer.phone, customer.password, attacker)).statusCode).toBe(200);
    // The right password does not wipe the address's failures: the next guess waits longer still.
    expectWait(await login('13700000013', 'guess-123', attacker), AuthErrors.passwordRetryIn.code, 2);
    clock.now += 2 * SECOND;
    expectWait(await login('13700000013', 'guess-123', attacker), AuthErrors.passwordRetryIn.code, 4);
    // Sixteen minutes of guessing later, the wait has stopped growing at 10 minutes.
    for (let wait = 4; wait < 600; wait = Math.min(600, wait * 2)) {
      clock.now += wait * SECOND;
      expectWait(await login('13700000014', 'guess-123', attacker), AuthErrors.passwordRetryIn.code, Math.min(600, wait * 2));
    }
  });

  it('delays, then locks, one phone guessed from many addresses; SMS sign-in and a reset still work', async () => {
    const victim = await createUser(testApp.app);
    const from = (i: number) => `192.0.2.${i}`;
    for (let i = 1; i <= 4; i += 1)
      expect(json(await login(victim.phone, 'guess-123', from(i))).code).toBe(AuthErrors.invalidCredentials.code);
    const fifth = await login(victim.phone, 'guess-123', from(5));
    expectWait(fifth, AuthErrors.passwordRetryIn.code, 15);
    expect(json(fifth).msg).toBe('Too many wrong passwords. Try again in 15 s, or sign in with a code');
    // The wait holds for the phone whatever the address, and the right password too.
    expectWait(await login(victim.phone, victim.password, from(6)), AuthErrors.passwordRetryIn.code, 15);
    for (const [attempt, wait] of [
      [6, 30],
      [7, 60],
      [8, 120],
      [9, 240],
    ] as const) {
      clock.now += (wait / 2) * SECOND;
      expectWait(await login(victim.phone, 'guess-123', from(attempt)), AuthErrors.passwordRetryIn.code, wait);
    }
    clock.now += 240 * SECOND;
    const tenth = await login(victim.phone, 'guess-123', from(10));
    expectWait(tenth, AuthErrors.accountLocked.code, 900);
    expect(json(tenth).msg).toBe(
      'Too many wrong passwords: this phone number is locked for 15 min. Try again later or sign in with a code',
    );
    const locked = await login(victim.phone, victim.password, from(11), 'zh');
    expectWait(locked, AuthErrors.accountLocked.code, 900);
    expect(json(locked).msg).toBe('密码错误次数过多，该手机号已锁定，请 15 分钟后再试或使用验证码登录');

    const smsLogin = await testApp.app.inject({
      method: 'POST',
      url: '/api/c/smsLogin',
      payload: { phoneNumber: victim.phone, ...(await requestCode(testApp.app, '/api/c/smsLogin/verifyCode', victim.phone)) },
    });
    expect(smsLogin.statusCode, smsLogin.body).toBe(200);
    expect(json<{ data: { userUid: string } }>(smsLogin).data.userUid).toBe(victim.uid);

    clock.now += MINUTE; // one code a minute per phone
    const reset = await resetPassword(testApp.app, victim.phone, 'BrandNew2026');
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(victim.phone, 'BrandNew2026', from(12))).statusCode).toBe(200);
  });

  it('lets the right password in once the wait has passed, and that starts the phone from zero', async () => {
    const user = await createUser(testApp.app);
    for (let i = 1; i <= 4; i += 1) await login(user.phone, 'guess-123', `192.0.2.${20 + i}`);
    expectWait(await login(user.phone, 'guess-123', '192.0.2.25'), AuthErrors.passwordRetryIn.code, 15);
    clock.now += 15 * SECOND;
    expect((await login(user.phone, user.password, '192.0.2.26')).statusCode).toBe(200);
    for (let i = 1; i <= 4; i += 1)
      expect(json(await login(user.phone, 'guess-123', `192.0.2.${30 + i}`)).code).toBe(AuthErrors.invalidCredentials.code);
    expectWait(await login(user.phone, 'guess-123', '192.0.2.35'), AuthErrors.passwordRetryIn.code, 15);
  });

  it('ends a lock after 15 minutes, and the address that caused it cannot cause another at once', async () => {
    const user = await createUser(testApp.app);
    const stranger = '203.0.113.50';
    for (let i = 1; i <= 10; i += 1) {
      await login(user.phone, 'guess-123', stranger);
      clock.now += 4 * MINUTE;
    }
    expectWait(await login(user.phone, user.password, '203.0.113.51'), AuthErrors.accountLocked.code, 11 * 60);
    clock.now += 11 * MINUTE;
    // The phone starts over; the stranger's address has used its ten free failures and now waits.
    expectWait(await login(user.phone, 'guess-123', stranger), AuthErrors.passwordRetryIn.code, 1);
    expect((await login(user.phone, user.password, '203.0.113.51')).statusCode).toBe(200);
  });

  it('counts an unknown phone like a known one', async () => {
    for (let i = 1; i <= 4; i += 1)
      expect(json(await login('13600000000', 'guess-123', `192.0.2.${40 + i}`)).code).toBe(AuthErrors.invalidCredentials.code);
    expectWait(await login('13600000000', 'guess-123', '192.0.2.45'), AuthErrors.passwordRetryIn.code, 15);
  });
});
