import {
  MEMBERSHIP_GRACE_DAYS,
  ErrorCode,
  Permission,
  Role,
  type PermissionGroupNode,
  type UserPermissionNode,
  type UserPermissionTree,
  AuthErrors,
} from '@spatia/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminActions } from '../admin-log/admin-log.tables.js';
import { userPermissions } from '../users/users.tables.js';
import { giveMembership } from '../../test/access-fixtures.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';

const GRACE_MS = MEMBERSHIP_GRACE_DAYS * 86_400_000;

/** The customer role's defaults as migration 0013 seeds them. */
const CUSTOMER_DEFAULTS = [35, 37, 161, 162, 276, 1621, 1622, 16211, 16212, 16213, 16221, 16222, 16223];
/** What version 1 (Professional: works, team, marketing, content) adds to a customer. */
const PROFESSIONAL_GROUPS = [42, 163, 460, 962];

let testApp: TestApp;
let admin: Person;

beforeAll(async () => ({ testApp, admin } = await appWithPeople({ admin: { roles: [Role.admin] } })));
afterAll(() => testApp.close());

const menusOf = async (user: Person) =>
  json<{ data: { menus: number[] } }>(await user.call('GET', `/api/client/${user.uid}/info`)).data.menus;
const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

function flatten(nodes: { subMenus: UserPermissionNode[] }[] | UserPermissionNode[]): UserPermissionNode[] {
  return (nodes as UserPermissionNode[]).flatMap((node) => [node, ...flatten(node.subMenus)]);
}

function depthOf(nodes: { subMenus: unknown[] }[]): number {
  return nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((node) => depthOf(node.subMenus as { subMenus: unknown[] }[])));
}

async function treeOf(uid: string, language = 'en') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/permissions/tree?uid=${uid}`,
    headers: { 'x-auth-token': admin.token },
    cookies: { language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: UserPermissionTree }>(response).data;
}

describe('GET /api/open/permissions/catalogue', () => {
  it('answers anyone with the catalogue as a tree in the caller’s language, at most 4 levels deep with the group', async () => {
    const en = await testApp.app.inject({ method: 'GET', url: '/api/open/permissions/catalogue', cookies: { language: 'en' } });
    expect(en.statusCode).toBe(200);
    const groups = json<{ data: PermissionGroupNode[] }>(en).data;
    expect(groups.map((group) => group.groupCode)).toEqual(['basic', 'works', 'finance', 'team', 'marketing', 'content', 'market']);
    expect(groups[0]).toMatchObject({
      groupName: 'Basics',
      menus: [{ permId: 276, permName: 'Account basics', subMenus: [] }, { permId: 161 }],
    });
    const ids = groups.flatMap((group) => flatten(group.menus as UserPermissionNode[]).map((node) => node.permId));
    for (const id of Object.values(Permission)) expect(ids).toContain(id);
    expect(1 + Math.max(...groups.map((group) => depthOf(group.menus)))).toBeLessThanOrEqual(4);
    const orders = groups.find((group) => group.groupCode === 'finance')!.menus.find((node) => node.permId === 162)!;
    expect(orders.subMenus.map((node) => node.permId)).toEqual([1621, 1622]);
    expect(orders.subMenus[0]!.subMenus.map((node) => node.permId)).toEqual([16211, 16212, 16213, 16214]);

    const zh = await testApp.app.inject({ method: 'GET', url: '/api/open/permissions/catalogue', cookies: { language: 'zh' } });
    expect(json<{ data: PermissionGroupNode[] }>(zh).data[0]!.groupName).toBe('基础功能');
  });

  it('names traffic as every other page does (Traffic, 流量), never "Flow"', async () => {
    const namesIn = async (language: string) => {
      const answer = await testApp.app.inject({ method: 'GET', url: '/api/open/permissions/catalogue', cookies: { language } });
      const groups = json<{ data: PermissionGroupNode[] }>(answer).data;
      return new Map(groups.flatMap((group) => flatten(group.menus as UserPermissionNode[])).map((node) => [node.permId, node.permName]));
    };
    const [en, zh] = [await namesIn('en'), await namesIn('zh')];
    expect([en.get(35), en.get(16213)]).toEqual(['Traffic wallet', 'Traffic orders']);
    expect([zh.get(35), zh.get(16213)]).toEqual(['流量钱包', '流量订单']);
    expect([...en.values()].filter((name) => /\bflow\b/i.test(name))).toEqual([]);
  });
});

describe('effective permissions (user info `menus`)', () => {
  it('are the roles’ defaults, ascending', async () => {
    const customer = await person(testApp.app);
    expect(await menusOf(customer)).toEqual(CUSTOMER_DEFAULTS);
    const merchant = await person(testApp.app, { roles: [Role.merchant, Role.photographer] });
    expect(await menusOf(merchant)).toEqual(sorted([...CUSTOMER_DEFAULTS, 460, 16214, 163]));
    const nobody = await person(testApp.app, { roles: [] });
    expect(await menusOf(nobody)).toEqual([]);
  });

  it('add the active membership’s groups and the grants, unique', async () => {
    const member = await person(testApp.app, { menus: [480, 161] });
    await giveMembership(testApp.app, member.id, { versionId: 1 });
    expect(await menusOf(member)).toEqual(sorted([...CUSTOMER_DEFAULTS, ...PROFESSIONAL_GROUPS, 480]));
  });

  it('keep a membership that ended within its grace period (docs/membership.md "Grace")', async () => {
    const user = await person(testApp.app);
    await giveMembership(testApp.app, user.id, { endsAt: new Date(Date.now() - 1000) });
    expect(await menusOf(user)).not.toEqual(CUSTOMER_DEFAULTS);
  });

  it('ignore a membership whose grace period has ended, not begun, or was revoked, even before the expiry job runs', async () => {
    for (const times of [
      { endsAt: new Date(Date.now() - GRACE_MS - 1000) },
      { startsAt: new Date(Date.now() + 60_000) },
      { status: 'revoked' as const },
    ]) {
      const user = await person(testApp.app);
      await giveMembership(testApp.app, user.id, times);
      expect(await menusOf(user)).toEqual(CUSTOMER_DEFAULTS);
    }
  });

  it('are the whole catalogue for an admin', async () => {
    const catalogue = json<{ data: PermissionGroupNode[] }>(
      await testApp.app.inject({ method: 'GET', url: '/api/open/permissions/catalogue' }),
    ).data;
    const all = catalogue.flatMap((group) => flatten(group.menus as UserPermissionNode[]).map((node) => node.permId));
    expect(await menusOf(admin)).toEqual(sorted(all));
  });

  it('are cached only until the membership’s grace period ends (or it begins)', async () => {
    const cache = testApp.app.services.cache;
    const set = vi.spyOn(cache, 'set');
    const lastTtl = (userId: number) => set.mock.calls.filter(([key]) => key === `user:${userId}`).at(-1)?.[2];
    try {
      const ending = await person(testApp.app);
      await giveMembership(testApp.app, ending.id, { endsAt: new Date(Date.now() - GRACE_MS + 20_000) });
      await testApp.app.services.users.getAuthUser(ending.id);
      const ttl = lastTtl(ending.id);
      expect(ttl).toBeGreaterThan(10);
      expect(ttl).toBeLessThanOrEqual(20);

      const starting = await person(testApp.app);
      await giveMembership(testApp.app, starting.id, { startsAt: new Date(Date.now() + 5_000), endsAt: new Date(Date.now() + 86_400_000) });
      await testApp.app.services.users.getAuthUser(starting.id);
      expect(lastTtl(starting.id)).toBeLessThanOrEqual(5);

      const plain = await person(testApp.app);
      await testApp.app.services.users.forgetCachedUser(plain.id);
      await testApp.app.services.users.getAuthUser(plain.id);
      expect(lastTtl(plain.id)).toBe(60);
    } finally {
      set.mockRestore();
    }
  });
});

describe('GET /api/admin/permissions/tree', () => {
  it('shows one user’s tree: checked when effective, the source, and what a grant edit cannot remove', async () => {
    const user = await person(testApp.app, { menus: [480] });
    await giveMembership(testApp.app, user.id, { versionId: 1 });
    const tree = await treeOf(user.uid);
    expect(tree.uid).toBe(user.uid);
    expect(tree.phone).toBe(user.phone);
    expect(tree.permlist).toEqual(await menusOf(user));
    const nodes = new Map(tree.groups.flatMap((group) => flatten(group.menus)).map((node) => [node.permId, node]));
    expect(nodes.get(276)).toMatchObject({ checked: true, source: 'role', locked: true });
    expect(nodes.get(460)).toMatchObject({ checked: true, source: 'membership', locked: true });
    expect(nodes.get(480)).toMatchObject({ checked: true, source: 'grant', locked: false });
    expect(nodes.get(481)).toMatchObject({ checked: false, source: null, locked: false });
    expect(nodes.get(16214)).toMatchObject({ checked: false, source: null });
    expect(tree.groups.find((group) => group.groupCode === 'market')).toMatchObject({ groupName: 'Market and services', checked: true });
    expect((await treeOf(user.uid, 'zh')).groups[0]!.groupName).toBe('基础功能');
  });

  it('is for admins only, and 404 for an unknown uid', async () => {
    const user = await person(testApp.app);
    const url = `/api/admin/permissions/tree?uid=${user.uid}`;
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const own = await user.call('GET', url);
    expect(own.statusCode).toBe(403);
    expect(json(own).code).toBe(AuthErrors.missingRole.code);
    expect((await admin.call('GET', '/api/admin/permissions/tree?uid=nobody')).statusCode).toBe(404);
    expect(json(await admin.call('GET', '/api/admin/permissions/tree')).code).toBe(ErrorCode.validation);
  });
});

describe('PUT /api/admin/users/{uid}/permissions', () => {
  const save = (uid: string, permIds: unknown, as: Person = admin) => as.call('PUT', `/api/admin/users/${uid}/permissions`, { permIds });

  it('makes the grants these ids minus what roles and the membership give, with their parents, at once', async () => {
    const user = await person(testApp.app, { menus: [481] });
    await giveMembership(testApp.app, user.id, { versionId: 1 });
    expect(await menusOf(user)).toContain(481); // cached now
    const response = await save(user.uid, [...CUSTOMER_DEFAULTS, 460, 16214, 490]);
    expect(response.statusCode, response.body).toBe(200);
    const grants = await testApp.app.services.users.getPermissionSources(user.id);
    expect(grants.grant).toEqual([490, 16214]);
    // Without signing in again: 481 is gone, 16214 and 490 are there; the membership's 460 stays.
    expect(await menusOf(user)).toEqual(sorted([...CUSTOMER_DEFAULTS, ...PROFESSIONAL_GROUPS, 490, 16214]));
    expect(json<{ data: UserPermissionTree }>(response).data.permlist).toEqual(await menusOf(user));

    // A child brings its parents: 16214 alone keeps 162 and 1621 (here they come from the role anyway).
    const bare = await person(testApp.app, { roles: [] });
    await save(bare.uid, [16214]);
    expect(await menusOf(bare)).toEqual([162, 276, 1621, 16214]);
  });

  it('keeps 276 and what roles or the membership give, whatever the request says', async () => {
    const user = await person(testApp.app, { menus: [480] });
    await giveMembership(testApp.app, user.id, { versionId: 1 });
    await save(user.uid, []);
    expect(await menusOf(user)).toEqual(sorted([...CUSTOMER_DEFAULTS, ...PROFESSIONAL_GROUPS]));

    // A user without a role that gives 276 keeps it as a grant.
    const roleless = await person(testApp.app, { roles: [] });
    await save(roleless.uid, []);
    expect(await menusOf(roleless)).toEqual([276]);
    expect((await testApp.app.services.users.getPermissionSources(roleless.id)).grant).toEqual([276]);
  });

  it('writes the admin log with the grants before and after', async () => {
    const user = await person(testApp.app, { menus: [480] });
    await save(user.uid, [481]);
    const [entry] = await testApp.app.services.database.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, 'user.permissions'), eq(adminActions.targetId, user.uid)))
      .orderBy(desc(adminActions.id));
    expect(entry).toMatchObject({ adminUserId: admin.id, targetType: 'user', before: { grants: [480] }, after: { grants: [481] } });
  });

  it('refuses unknown ids naming them, and leaves the grants as they were', async () => {
    const user = await person(testApp.app, { menus: [480] });
    const response = await admin.call('PUT', `/api/admin/users/${user.uid}/permissions`, { permIds: [481, 99999, 77777] });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: AuthErrors.unknownPermissionIds.code });
    expect(json(response).msg).toContain('77777, 99999');
    const rows = await testApp.app.services.database.db.select().from(userPermissions).where(eq(userPermissions.userId, user.id));
    expect(rows.map((row) => row.permissionId)).toEqual([480]);
  });

  it('validates the body, and is for admins only', async () => {
    const user = await person(testApp.app);
    expect(json(await save(user.uid, 'all')).code).toBe(ErrorCode.validation);
    expect(json(await save(user.uid, [1.5])).code).toBe(ErrorCode.validation);
    expect((await save(user.uid, [35], user)).statusCode).toBe(403);
    expect(
      (await testApp.app.inject({ method: 'PUT', url: `/api/admin/users/${user.uid}/permissions`, payload: { permIds: [] } })).statusCode,
    ).toBe(401);
    expect((await save('nobody', [35])).statusCode).toBe(404);
  });
});
