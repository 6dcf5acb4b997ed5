import { AUTH_HEADER_X, ErrorCode, Permission, Role } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { authHeaders, createTestApp, createUser, json, signIn, type TestApp, type TestUser } from '../../test/test-app.js';
import { hashToken } from './auth.service.js';

let testApp: TestApp;
let customer: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
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
    const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(session).toBeDefined();
    const stored = await db.select().from(sessions);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    const [user] = await db.select().from(users).where(eq(users.phone, customer.phone));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong password with code 1101 in the caller\'s language, never 401', async () => {
    const payload = { phoneNumber: customer.phone, password: 'wrong-password1' };
    const english = await testApp.app.inject({ method: 'POST', url: '/api/client/login', payload, cookies: { language: 'en' } });
    expect(english.statusCode).toBe(400);
    expect(json(english)).toEqual({ code: ErrorCode.invalidCredentials, msg: 'Wrong phone number or password' });
    const chinese = await testApp.app.inject({ method: 'POST', url: '/api/client/login', payload });
    expect(json(chinese).msg).toBe('手机号或密码错误');
  });

  it('gives an unknown phone the same answer as a wrong password', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { phoneNumber: '13000000000', password: 'whatever123' },
    });
    expect(json(response).code).toBe(ErrorCode.invalidCredentials);
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
    const response = await testApp.app.inject({ method: 'GET', url: `/api/client/${customer.uid}/info`, headers: { 'x-auth-token': token } });
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toEqual({
      uid: customer.uid,
      name: '张三',
      avatarUrl: '',
      roles: ['customer'],
      phone: customer.phone,
      businessRoleCode: '',
      menus: [161],
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
    expect(json(response).code).toBe(ErrorCode.notYourAccount);
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

  it('leaves the user\'s other sessions alone', async () => {
    const first = await signIn(testApp.app, customer);
    const second = await signIn(testApp.app, customer);
    await testApp.app.inject({ method: 'POST', url: '/api/c/logout', headers: authHeaders(first) });
    const response = await testApp.app.inject({ method: 'GET', url: `/api/client/${customer.uid}/info`, headers: authHeaders(second) });
    expect(response.statusCode).toBe(200);
  });
});
