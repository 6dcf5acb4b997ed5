import {
  ErrorCode,
  Permission,
  Role,
  type AdminLogPage,
  type AdminUserDetail,
  type AdminUserPage,
  type SignOutEverywhereResult,
  AuthErrors,
  BackOfficeUserErrors,
} from '@spatia/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { adminActions } from '../admin-log/admin-log.tables.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { authHeaders, dataOf, json, signIn } from '../../test/test-app.js';
import { createWork, person, type Person } from '../../test/works-fixtures.js';

const { testApp, admin, otherAdmin, member } = await appWithPeople({
  admin: { roles: [Role.admin], name: 'Ada Admin' },
  otherAdmin: { roles: [Role.admin], name: 'Otto Admin' },
  member: { name: 'Mira Member' },
});
afterAll(() => testApp.close());

const codeOf = (response: LightMyRequestResponse) => json(response).code;
const anonymous = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method, url, ...(payload ? { payload } : {}) });

/** Every route answers 401 to no session and 403 to a signed-in user who is not an admin. */
async function expectAdminOnly(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  const noSession = await anonymous(method, url, payload);
  expect(noSession.statusCode).toBe(401);
  const notAdmin = await member.call(method, url, payload);
  expect(notAdmin.statusCode).toBe(403);
  expect(codeOf(notAdmin)).toBe(AuthErrors.missingRole.code);
}

async function expectInvalid(response: LightMyRequestResponse, field: string) {
  expect(response.statusCode).toBe(400);
  expect(json(response)).toMatchObject({ code: ErrorCode.validation });
  expect(json(response).msg).toContain(field);
}

async function freshUser(name: string): Promise<Person> {
  return person(testApp.app, { name });
}

describe('GET /api/admin/users', () => {
  it('searches by phone prefix, name prefix and invite code', async () => {
    const byPhone = dataOf<AdminUserPage>(await admin.call('GET', `/api/admin/users?q=${member.phone.slice(0, 9)}`));
    expect(byPhone.list.map((user) => user.uid)).toContain(member.uid);
    const row = byPhone.list.find((user) => user.uid === member.uid)!;
    expect(row).toMatchObject({
      phone: member.phone,
      name: 'Mira Member',
      roles: [Role.customer],
      enterprise: false,
      disabled: false,
      businessRoleCode: '',
    });
    expect(row.inviteCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(row.createdAt).toBeGreaterThan(Date.now() - 600_000);

    const byName = dataOf<AdminUserPage>(await admin.call('GET', '/api/admin/users?q=mira%20mem'));
    expect(byName.list.map((user) => user.uid)).toEqual([member.uid]);
    expect(byName).toMatchObject({ total: 1, totalCapped: false, pageNum: 1, pageSize: 20 });

    const byCode = dataOf<AdminUserPage>(await admin.call('GET', `/api/admin/users?q=${row.inviteCode.toLowerCase()}`));
    expect(byCode.list[0]!.uid).toBe(member.uid);
  });

  it('filters by role and status, newest first without a query', async () => {
    const admins = dataOf<AdminUserPage>(await admin.call('GET', '/api/admin/users?role=admin'));
    expect(admins.list.map((user) => user.uid)).toEqual([otherAdmin.uid, admin.uid]);
    const all = dataOf<AdminUserPage>(await admin.call('GET', '/api/admin/users?pageSize=100&role=&status='));
    const createdAt = all.list.map((user) => user.createdAt);
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));

    const quiet = await freshUser('Quiet Disabled');
    expect((await admin.call('POST', `/api/admin/users/${quiet.uid}/disable`)).statusCode).toBe(200);
    const disabled = dataOf<AdminUserPage>(await admin.call('GET', '/api/admin/users?status=disabled'));
    expect(disabled.list.map((user) => user.uid)).toEqual([quiet.uid]);
    expect(disabled.list[0]!.disabled).toBe(true);
    const active = dataOf<AdminUserPage>(await admin.call('GET', '/api/admin/users?status=active&pageSize=100'));
    expect(active.list.map((user) => user.uid)).not.toContain(quiet.uid);
    expect(dataOf<AdminUserPage>(await admin.call('GET', '/api/admin/users?q=nobody-has-this-name')).total).toBe(0);
  });

  it('refuses bad parameters', async () => {
    await expectInvalid(await admin.call('GET', `/api/admin/users?q=${'x'.repeat(51)}`), 'q');
    await expectInvalid(await admin.call('GET', '/api/admin/users?role=king'), 'role');
    await expectInvalid(await admin.call('GET', '/api/admin/users?status=sleeping'), 'status');
    await expectInvalid(await admin.call('GET', '/api/admin/users?pageSize=101'), 'pageSize');
    await expectInvalid(await admin.call('GET', '/api/admin/users?pageNum=0'), 'pageNum');
  });

  it('is for admins only', () => expectAdminOnly('GET', '/api/admin/users'));
});

describe('GET /api/admin/users/{uid}', () => {
  it('shows roles, effective permissions, membership, sessions and works', async () => {
    const owner = await freshUser('Wendy Works');
    await createWork(owner, { name: '作品一' });
    await createWork(owner, { name: '作品二' });
    await signIn(testApp.app, owner);
    const detail = dataOf<AdminUserDetail>(await admin.call('GET', `/api/admin/users/${owner.uid}`));
    expect(detail).toMatchObject({ uid: owner.uid, phone: owner.phone, name: 'Wendy Works', roles: [Role.customer], disabled: false });
    expect(detail.disabledAt).toBeNull();
    expect(detail.menus).toContain(Permission.locked);
    expect(detail.membership).toBeNull();
    expect(detail.sessions).toBe(2);
    expect(detail.works.total).toBe(2);
    expect(Object.values(detail.works.byStatus).reduce((sum, count) => sum + count, 0)).toBe(2);
  });

  it('answers 404 for an unknown uid', async () => {
    const response = await admin.call('GET', '/api/admin/users/no-such-user');
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe(ErrorCode.notFound);
  });

  it('is for admins only', () => expectAdminOnly('GET', `/api/admin/users/${member.uid}`));
});

describe('disable and enable', () => {
  it("ends the user's sessions at once and refuses sign-in until enabled", async () => {
    const target = await freshUser('Dora Disabled');
    const second = await signIn(testApp.app, target);
    const info = (token: string) =>
      testApp.app.inject({ method: 'GET', url: `/api/client/${target.uid}/info`, headers: authHeaders(token) });
    expect((await info(target.token)).statusCode).toBe(200);

    const disabled = await admin.call('POST', `/api/admin/users/${target.uid}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(dataOf<AdminUserDetail>(disabled)).toMatchObject({ disabled: true, sessions: 0 });
    expect(dataOf<AdminUserDetail>(disabled).disabledAt).toBeGreaterThan(0);
    expect((await info(target.token)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(401);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { phoneNumber: target.phone, password: target.password },
    });
    expect(codeOf(login)).toBe(AuthErrors.accountDisabled.code);

    const again = await admin.call('POST', `/api/admin/users/${target.uid}/disable`);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe(BackOfficeUserErrors.userAlreadyDisabled.code);

    const enabled = await admin.call('POST', `/api/admin/users/${target.uid}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(dataOf<AdminUserDetail>(enabled)).toMatchObject({ disabled: false, disabledAt: null });
    expect(await signIn(testApp.app, target)).toBeTruthy();

    const enabledAgain = await admin.call('POST', `/api/admin/users/${target.uid}/enable`);
    expect(enabledAgain.statusCode).toBe(409);
    expect(codeOf(enabledAgain)).toBe(BackOfficeUserErrors.userNotDisabled.code);

    const log = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?targetType=user&targetId=${target.uid}`));
    expect(log.list.map((entry) => entry.action)).toEqual(['user.enable', 'user.disable']);
    expect(log.list[1]).toMatchObject({
      actor: 'admin',
      admin: { uid: admin.uid, name: 'Ada Admin' },
      before: { disabled: false },
      after: { disabled: true },
    });
  });

  it('refuses to disable yourself', async () => {
    const response = await admin.call('POST', `/api/admin/users/${admin.uid}/disable`);
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe(BackOfficeUserErrors.cannotDisableSelf.code);
    expect(json(response).msg).toBe('不能停用您自己的账号');
  });

  it('answers 404 for an unknown uid', async () => {
    expect((await admin.call('POST', '/api/admin/users/no-such-user/disable')).statusCode).toBe(404);
    expect((await admin.call('POST', '/api/admin/users/no-such-user/enable')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    await expectAdminOnly('POST', `/api/admin/users/${member.uid}/disable`);
    await expectAdminOnly('POST', `/api/admin/users/${member.uid}/enable`);
  });
});

describe('PUT /api/admin/users/{uid}/roles', () => {
  it("sets the roles, and the user's permissions follow at once", async () => {
    const target = await freshUser('Rolf Roles');
    const response = await admin.call('PUT', `/api/admin/users/${target.uid}/roles`, { roles: ['photographer', 'merchant', 'merchant'] });
    expect(response.statusCode).toBe(200);
    expect(dataOf<AdminUserDetail>(response).roles).toEqual([Role.merchant, Role.photographer]);
    // The user's own view changes without signing in again (role defaults: photographers get 460).
    const info = dataOf<{ roles: string[]; menus: number[] }>(await target.call('GET', `/api/client/${target.uid}/info`));
    expect(info.roles).toEqual([Role.merchant, Role.photographer]);
    expect(info.menus).toContain(Permission.pointCloudList);

    const log = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?action=user.roles&targetId=${target.uid}`));
    expect(log.list[0]).toMatchObject({ before: { roles: [Role.customer] }, after: { roles: [Role.merchant, Role.photographer] } });
  });

  it('lets an admin give up other roles but not their own admin role', async () => {
    const response = await admin.call('PUT', `/api/admin/users/${admin.uid}/roles`, { roles: [Role.customer] });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe(BackOfficeUserErrors.cannotDropOwnAdmin.code);
    const kept = await admin.call('PUT', `/api/admin/users/${admin.uid}/roles`, { roles: [Role.admin, Role.customer] });
    expect(dataOf<AdminUserDetail>(kept).roles).toEqual([Role.admin, Role.customer]);
  });

  it('refuses bad bodies and unknown users', async () => {
    await expectInvalid(await admin.call('PUT', `/api/admin/users/${member.uid}/roles`, { roles: ['king'] }), 'roles');
    await expectInvalid(await admin.call('PUT', `/api/admin/users/${member.uid}/roles`, { roles: { admin: true } }), 'roles');
    await expectInvalid(await admin.call('PUT', `/api/admin/users/${member.uid}/roles`, {}), 'roles');
    expect((await admin.call('PUT', '/api/admin/users/no-such-user/roles', { roles: [] })).statusCode).toBe(404);
  });

  it('is for admins only', () => expectAdminOnly('PUT', `/api/admin/users/${member.uid}/roles`, { roles: [Role.admin] }));
});

describe('PUT /api/admin/users/{uid}/enterprise', () => {
  it('marks and unmarks an enterprise account', async () => {
    const target = await freshUser('Erin Enterprise');
    const on = await admin.call('PUT', `/api/admin/users/${target.uid}/enterprise`, { enterprise: true });
    expect(dataOf<AdminUserDetail>(on)).toMatchObject({ enterprise: true, businessRoleCode: 'enterprise' });
    expect(dataOf<{ businessRoleCode: string }>(await target.call('GET', `/api/client/${target.uid}/info`)).businessRoleCode).toBe(
      'enterprise',
    );
    const off = await admin.call('PUT', `/api/admin/users/${target.uid}/enterprise`, { enterprise: false });
    expect(dataOf<AdminUserDetail>(off)).toMatchObject({ enterprise: false, businessRoleCode: '' });
  });

  it('refuses bad bodies and unknown users', async () => {
    await expectInvalid(await admin.call('PUT', `/api/admin/users/${member.uid}/enterprise`, { enterprise: 'maybe' }), 'enterprise');
    await expectInvalid(await admin.call('PUT', `/api/admin/users/${member.uid}/enterprise`, {}), 'enterprise');
    expect((await admin.call('PUT', '/api/admin/users/no-such-user/enterprise', { enterprise: true })).statusCode).toBe(404);
  });

  it('is for admins only', () => expectAdminOnly('PUT', `/api/admin/users/${member.uid}/enterprise`, { enterprise: true }));
});

describe('POST /api/admin/users/{uid}/signOutEverywhere', () => {
  it('ends every session, and the user may sign in again', async () => {
    const target = await freshUser('Sid Sessions');
    const second = await signIn(testApp.app, target);
    const response = await admin.call('POST', `/api/admin/users/${target.uid}/signOutEverywhere`);
    expect(dataOf<SignOutEverywhereResult>(response)).toEqual({ ended: 2 });
    for (const token of [target.token, second]) {
      const info = await testApp.app.inject({ method: 'GET', url: `/api/client/${target.uid}/info`, headers: authHeaders(token) });
      expect(info.statusCode).toBe(401);
    }
    expect(await signIn(testApp.app, target)).toBeTruthy();
    const log = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?action=user.signOutEverywhere&targetId=${target.uid}`));
    expect(log.list[0]).toMatchObject({ targetType: 'user', before: { sessions: 2 }, after: { sessions: 0 } });
  });

  it('answers 404 for an unknown uid', async () => {
    expect((await admin.call('POST', '/api/admin/users/no-such-user/signOutEverywhere')).statusCode).toBe(404);
  });

  it('is for admins only', () => expectAdminOnly('POST', `/api/admin/users/${member.uid}/signOutEverywhere`));
});

describe('GET /api/admin/log', () => {
  it('lists entries newest first with the admin, and filters them', async () => {
    const target = await freshUser('Lola Log');
    await admin.call('PUT', `/api/admin/users/${target.uid}/enterprise`, { enterprise: true });
    await otherAdmin.call('PUT', `/api/admin/users/${target.uid}/roles`, { roles: [Role.merchant] });
    const before = Date.now();
    await otherAdmin.call('POST', `/api/admin/users/${target.uid}/disable`);

    const mine = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?targetType=user&targetId=${target.uid}`));
    expect(mine.total).toBe(3);
    expect(mine.list.map((entry) => entry.action)).toEqual(['user.disable', 'user.roles', 'user.enterprise']);
    expect(mine.list.map((entry) => entry.admin?.name)).toEqual(['Otto Admin', 'Otto Admin', 'Ada Admin']);
    expect(mine.list[2]).toMatchObject({ before: { businessRoleCode: '' }, after: { businessRoleCode: 'enterprise' } });

    const byAdmin = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?adminUid=${admin.uid}&targetId=${target.uid}`));
    expect(byAdmin.list.map((entry) => entry.action)).toEqual(['user.enterprise']);
    const byAction = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?action=user.roles&targetId=${target.uid}`));
    expect(byAction.list.map((entry) => entry.action)).toEqual(['user.roles']);
    // Times: the database's clock and ours may differ by a little; a minute each way is far enough.
    const recent = dataOf<AdminLogPage>(
      await admin.call('GET', `/api/admin/log?targetId=${target.uid}&from=${before - 60_000}&to=${Date.now() + 60_000}`),
    );
    expect(recent.total).toBe(3);
    const future = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?targetId=${target.uid}&from=${Date.now() + 3_600_000}`));
    expect(future.total).toBe(0);
    const paged = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?targetId=${target.uid}&pageNum=2&pageSize=2`));
    expect(paged).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(paged.list.map((entry) => entry.action)).toEqual(['user.enterprise']);
    expect(dataOf<AdminLogPage>(await admin.call('GET', '/api/admin/log?adminUid=no-such-admin'))).toMatchObject({ total: 0, list: [] });
  });

  it('shows what the platform did on its own as the system’s, which no admin filter matches, and keeps it without an admin', async () => {
    const { adminLog, database } = testApp.app.services;
    const targetId = `system-${Date.now()}`;
    await adminLog.recordSystemAction(database.db, {
      action: 'work.auditPass',
      targetType: 'work',
      targetId,
      before: { status: 'underReview' },
      after: { status: 'passed' },
    });
    const log = dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?targetId=${targetId}`));
    expect(log.list).toEqual([expect.objectContaining({ action: 'work.auditPass', actor: 'system', admin: null })]);
    expect(dataOf<AdminLogPage>(await admin.call('GET', `/api/admin/log?adminUid=${admin.uid}&targetId=${targetId}`)).total).toBe(0);
    // A system entry naming an admin is refused by the database itself (the driver's error is the query's cause).
    const refused = await database.db
      .insert(adminActions)
      .values({ actor: 'system', adminUserId: admin.id, action: 'work.auditPass', targetType: 'work', targetId })
      .then(
        () => undefined,
        (error: Error) => error,
      );
    expect(String(refused?.cause)).toMatch(/admin_actions_system_has_no_admin/);
  });

  it('refuses bad parameters', async () => {
    await expectInvalid(await admin.call('GET', '/api/admin/log?action=user.fly'), 'action');
    await expectInvalid(await admin.call('GET', '/api/admin/log?from=yesterday'), 'from');
    await expectInvalid(await admin.call('GET', '/api/admin/log?from=2000&to=1000'), 'to');
    await expectInvalid(await admin.call('GET', '/api/admin/log?pageSize=101'), 'pageSize');
  });

  it('is for admins only', () => expectAdminOnly('GET', '/api/admin/log'));
});
