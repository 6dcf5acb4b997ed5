import { Permission, Role, AuthErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, createUser, json, signIn, type TestApp } from '../test/test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  // Routes that exist only in this test, one per kind of guard.
  testApp.app.get('/api/test/signed-in', { config: { auth: 'signedIn' } }, async () => ({ code: 0, msg: 'ok', data: 'in' }));
  testApp.app.get('/api/test/photographer', { config: { auth: { role: Role.photographer } } }, async () => ({
    code: 0,
    msg: 'ok',
    data: 'role',
  }));
  testApp.app.get('/api/test/wallet', { config: { auth: { permission: Permission.wallet } } }, async () => ({
    code: 0,
    msg: 'ok',
    data: 'perm',
  }));
});
afterAll(() => testApp.close());

async function call(url: string, token?: string) {
  return testApp.app.inject({ method: 'GET', url, headers: token ? authHeaders(token) : {}, cookies: { language: 'en' } });
}

describe('guards', () => {
  it('refuses anonymous callers with 401 / code 401 on every guarded route', async () => {
    for (const url of ['/api/test/signed-in', '/api/test/photographer', '/api/test/wallet']) {
      const response = await call(url);
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ code: 401, msg: 'You are not signed in or your session has expired' });
    }
  });

  it('checks roles and permission ids', async () => {
    // No role: role defaults would hold the wallet permission (docs/access.md).
    const customer = await createUser(testApp.app, { roles: [], menus: [Permission.order] });
    const token = await signIn(testApp.app, customer);
    expect((await call('/api/test/signed-in', token)).statusCode).toBe(200);
    const role = await call('/api/test/photographer', token);
    expect(role.statusCode).toBe(403);
    expect(json(role)).toEqual({ code: AuthErrors.missingRole.code, msg: 'This is only available to: photographer' });
    const permission = await call('/api/test/wallet', token);
    expect(permission.statusCode).toBe(403);
    expect(json(permission).code).toBe(AuthErrors.missingPermission.code);
  });

  it('lets holders of the role or permission through', async () => {
    const photographer = await createUser(testApp.app, { roles: [Role.photographer], menus: [Permission.wallet] });
    const token = await signIn(testApp.app, photographer);
    expect((await call('/api/test/photographer', token)).statusCode).toBe(200);
    expect((await call('/api/test/wallet', token)).statusCode).toBe(200);
  });

  it('lets an admin pass every guard without holding the permission', async () => {
    const admin = await createUser(testApp.app, { roles: [Role.admin] });
    const token = await signIn(testApp.app, admin);
    for (const url of ['/api/test/signed-in', '/api/test/photographer', '/api/test/wallet']) {
      expect((await call(url, token)).statusCode).toBe(200);
    }
  });
});
