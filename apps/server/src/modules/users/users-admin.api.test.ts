import { ErrorCode, Role, AuthErrors } from '@spatia/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '../admin-log/admin-log.tables.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { authHeaders, createUser, json, signIn, type TestApp } from '../../test/test-app.js';
import { requestCode } from '../../test/sms-codes.js';
import { person, type Person } from '../../test/works-fixtures.js';

let testApp: TestApp;
let admin: Person;

beforeAll(async () => ({ testApp, admin } = await appWithPeople({ admin: { roles: [Role.admin] } })));
afterAll(() => testApp.close());

const users = () => testApp.app.services.users;

async function lastLogEntry(action: string, uid: string) {
  const [entry] = await testApp.app.services.database.db
    .select()
    .from(adminActions)
    .where(and(eq(adminActions.action, action), eq(adminActions.targetId, uid)))
    .orderBy(desc(adminActions.id))
    .limit(1);
  return entry;
}

const info = (user: Person) => user.call('GET', `/api/client/${user.uid}/info`);

async function smsSignIn(phoneNumber: string) {
  const { hash, expiredTime, verifyCode } = await requestCode(testApp.app, '/api/c/smsLogin/verifyCode', phoneNumber);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/c/smsLogin',
    payload: { phoneNumber, verifyCode, hash, expiredTime: String(expiredTime) },
    cookies: { language: 'en' },
  });
}

describe('UsersService.setDisabled', () => {
  it('ends every session at once and refuses sign-in by password and by code, until enabled again', async () => {
    const user = await person(testApp.app);
    const second = await signIn(testApp.app, user);
    expect((await info(user)).statusCode).toBe(200); // the session is cached now

    const state = await users().setDisabled(admin.id, user.id, true);
    expect(state).toMatchObject({ uid: user.uid, disabled: true });
    expect((await info(user)).statusCode).toBe(401);
    const other = await testApp.app.inject({ method: 'GET', url: `/api/client/${user.uid}/info`, headers: authHeaders(second) });
    expect(other.statusCode).toBe(401);

    const password = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { phoneNumber: user.phone, password: user.password },
      cookies: { language: 'en' },
    });
    expect(password.statusCode).toBe(403);
    expect(json(password)).toEqual({
      code: AuthErrors.accountDisabled.code,
      msg: 'This account has been disabled. Please contact support',
    });
    // A wrong password still says only that: being disabled is told to the account's holder alone.
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { phoneNumber: user.phone, password: 'Wrong#2026' },
    });
    expect(json(wrong).code).toBe(AuthErrors.invalidCredentials.code);
    const code = await smsSignIn(user.phone);
    expect(code.statusCode).toBe(403);
    expect(json(code).code).toBe(AuthErrors.accountDisabled.code);

    expect(await lastLogEntry('user.disable', user.uid)).toMatchObject({
      adminUserId: admin.id,
      targetType: 'user',
      before: { disabled: false },
      after: { disabled: true },
    });

    await users().setDisabled(admin.id, user.id, false);
    expect(await lastLogEntry('user.enable', user.uid)).toMatchObject({ before: { disabled: true }, after: { disabled: false } });
    // The old sessions stay ended; signing in works again.
    expect((await info(user)).statusCode).toBe(401);
    const fresh = await signIn(testApp.app, user);
    const again = await testApp.app.inject({ method: 'GET', url: `/api/client/${user.uid}/info`, headers: authHeaders(fresh) });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an admin disabling themselves, and an unknown user', async () => {
    await expect(users().setDisabled(admin.id, admin.id, true)).rejects.toMatchObject({ code: ErrorCode.forbidden });
    await expect(users().setDisabled(admin.id, 987_654, true)).rejects.toMatchObject({ code: ErrorCode.notFound });
  });
});

describe('UsersService.setRoles', () => {
  it('replaces the roles, logs before and after, and the menus follow at once', async () => {
    const user = await person(testApp.app);
    expect(json<{ data: { menus: number[] } }>(await info(user)).data.menus).not.toContain(460);
    const state = await users().setRoles(admin.id, user.id, [Role.photographer, Role.customer, Role.photographer]);
    expect(state.roles).toEqual([Role.customer, Role.photographer]);
    const after = json<{ data: { roles: string[]; menus: number[] } }>(await info(user)).data;
    expect(after.roles).toEqual([Role.customer, Role.photographer]);
    expect(after.menus).toContain(460);
    expect(await lastLogEntry('user.roles', user.uid)).toMatchObject({
      before: { roles: [Role.customer] },
      after: { roles: [Role.customer, Role.photographer] },
    });
  });

  it('refuses unknown roles, and an admin dropping their own admin role', async () => {
    const user = await createUser(testApp.app);
    await expect(users().setRoles(admin.id, user.id, ['emperor'])).rejects.toMatchObject({ code: ErrorCode.validation });
    await expect(users().setRoles(admin.id, admin.id, [Role.customer])).rejects.toMatchObject({ code: ErrorCode.forbidden });
  });
});

describe('UsersService.setEnterprise', () => {
  it('sets and clears the enterprise business role, effective at once', async () => {
    const user = await person(testApp.app);
    await users().setEnterprise(admin.id, user.id, true);
    expect(json<{ data: { businessRoleCode: string } }>(await info(user)).data.businessRoleCode).toBe('enterprise');
    expect(await lastLogEntry('user.enterprise', user.uid)).toMatchObject({
      before: { businessRoleCode: '' },
      after: { businessRoleCode: 'enterprise' },
    });
    await users().setEnterprise(admin.id, user.id, false);
    expect(json<{ data: { businessRoleCode: string } }>(await info(user)).data.businessRoleCode).toBe('');
  });
});

describe('UsersService.setGrants', () => {
  it('replaces the grants with catalogue ids only, effective at once', async () => {
    const user = await person(testApp.app, { roles: [], menus: [480] });
    await users().setGrants(admin.id, user.id, [481, 490, 481]);
    expect(json<{ data: { menus: number[] } }>(await info(user)).data.menus).toEqual([481, 490]);
    expect(await lastLogEntry('user.permissions', user.uid)).toMatchObject({ before: { grants: [480] }, after: { grants: [481, 490] } });
    await expect(users().setGrants(admin.id, user.id, [481, 5])).rejects.toMatchObject({
      code: AuthErrors.unknownPermissionIds.code,
      params: { ids: '5' },
    });
  });
});

describe('createUser (the admin command’s create-user --menus)', () => {
  it('grants catalogue ids beyond the spec’s list and refuses unknown ones', async () => {
    const created = await createUser(testApp.app, { roles: [], menus: [16214] });
    expect((await users().getAuthUser(created.id))?.menus).toEqual([16214]);
    await expect(createUser(testApp.app, { menus: [12345] })).rejects.toMatchObject({ code: AuthErrors.unknownPermissionIds.code });
  });
});
