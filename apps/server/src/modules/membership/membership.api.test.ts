import {
  ErrorCode,
  MEMBERSHIP_GRACE_DAYS,
  MEMBERSHIP_UPLOAD_MAX_BYTES,
  Role,
  type AdminMembershipApplication,
  type AdminMembershipVersion,
  type MembershipVersionDetail,
  type MembershipVersionItem,
  type MyMembership,
  type Page,
  type UserInfo,
  MembershipErrors,
  UploadErrors,
} from '@spatia/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '../admin-log/admin-log.tables.js';
import { membershipApplications, membershipTrials, userMemberships } from './membership.tables.js';
import { notifications } from '../notifications/notifications.tables.js';
import { postFile } from '../../test/multipart.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { authHeaders, dataOf, json, type TestApp } from '../../test/test-app.js';
import { person, type Person, samplePng } from '../../test/works-fixtures.js';

let testApp: TestApp;
let admin: Person;

beforeAll(async () => ({ testApp, admin } = await appWithPeople({ admin: { roles: [Role.admin], name: 'Admin' } })));
afterAll(() => testApp.close());

const db = () => testApp.app.services.database.db;
const codeOf = (response: LightMyRequestResponse) => json(response).code;
const DAY_MS = 24 * 60 * 60 * 1000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(as: Person | undefined, method: Method, url: string, payload?: Record<string, unknown> | string, language = 'zh') {
  return testApp.app.inject({
    method,
    url,
    headers: {
      ...(as ? authHeaders(as.token) : {}),
      cookie: `language=${language}`,
      ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

function upload(as: Person | undefined, bytes: Buffer, field = 'file', contentType = 'image/png') {
  return postFile(testApp.app, '/api/c/upload', as?.token, { field, fileName: 'licence.png', contentType, bytes });
}

async function licenceOf(as: Person, bytes?: Buffer): Promise<string> {
  const response = await upload(as, bytes ?? (await samplePng()));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ url: string }>(response).url;
}

function apply(as: Person, versionId: number | undefined, extras: Record<string, unknown> | string, language = 'zh') {
  return call(
    as,
    'POST',
    '/api/c/membership/apply',
    {
      ...(versionId === undefined ? {} : { versionId }),
      jsonExtras: typeof extras === 'string' ? extras : JSON.stringify(extras),
    },
    language,
  );
}

async function applyFully(as: Person, versionId = 1, bytes?: Buffer): Promise<number> {
  const url = await licenceOf(as, bytes);
  const response = await apply(as, versionId, { licenceImages: [url], companyName: '某某科技有限公司', name: as.uid, phone: as.phone });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ id: number }>(response).id;
}

async function menusOf(as: Person): Promise<number[]> {
  return dataOf<UserInfo>(await call(as, 'GET', `/api/client/${as.uid}/info`)).menus;
}

async function noticesOf(userId: number, kind: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

async function logged(action: string, targetId: string | number) {
  return db()
    .select()
    .from(adminActions)
    .where(and(eq(adminActions.action, action), eq(adminActions.targetId, String(targetId))));
}

const versionBody = (overrides: Partial<Record<string, unknown>> = {}) => ({
  identityNameZh: '测试版',
  identityNameEn: 'Test edition',
  priceTags: [{ labelZh: '月付', labelEn: 'Monthly', value: '¥9' }],
  groupCodes: ['team'],
  monthlyPriceFen: 900,
  trialDays: 7,
  sortOrder: 50,
  visible: true,
  ...overrides,
});

describe('versions (public)', () => {
  it('lists the visible versions in order, in the caller language', async () => {
    const zh = await call(undefined, 'GET', '/api/membership/versions');
    expect(zh.statusCode).toBe(200);
    expect(dataOf<MembershipVersionItem[]>(zh).slice(0, 2)).toEqual([
      { id: 1, identityName: '专业版' },
      { id: 2, identityName: '企业版' },
    ]);
    const en = dataOf<MembershipVersionItem[]>(await call(undefined, 'GET', '/api/membership/versions', undefined, 'en'));
    expect(en.slice(0, 2).map((version) => version.identityName)).toEqual(['Professional', 'Enterprise']);
  });

  it('answers the detail: price tags, permission groups as a tree, price in fen and trial length', async () => {
    const detail = dataOf<MembershipVersionDetail>(await call(undefined, 'GET', '/api/membership/versions/2', undefined, 'en'));
    expect(detail).toMatchObject({ id: 2, identityName: 'Enterprise', monthlyPriceFen: 29900, trialDays: 15 });
    expect(detail.priceTags[0]).toEqual({ label: 'Monthly', value: '¥299' });
    expect(detail.permGroups.map((group) => group.groupCode)).toEqual(['works', 'team', 'marketing', 'content', 'market']);
    const team = detail.permGroups.find((group) => group.groupCode === 'team')!;
    expect(team).toMatchObject({ groupName: 'Team', menus: [{ permId: 163, permName: 'Team management', subMenus: [] }] });
    const zh = dataOf<MembershipVersionDetail>(await call(undefined, 'GET', '/api/membership/versions/2'));
    expect(zh.priceTags[0]!.label).toBe('月付');
    expect(zh.permGroups[1]!.groupName).toBe('团队');
  });

  it('refuses unknown and hidden versions, and ids that are not numbers', async () => {
    expect(codeOf(await call(undefined, 'GET', '/api/membership/versions/9999'))).toBe(MembershipErrors.membershipVersionUnavailable.code);
    expect((await call(undefined, 'GET', '/api/membership/versions/abc')).statusCode).toBe(400);
    const hidden = dataOf<AdminMembershipVersion>(
      await call(admin, 'POST', '/api/admin/membership/versions', versionBody({ visible: false })),
    );
    expect((await call(undefined, 'GET', `/api/membership/versions/${hidden.id}`)).statusCode).toBe(404);
    const listed = dataOf<MembershipVersionItem[]>(await call(undefined, 'GET', '/api/membership/versions'));
    expect(listed.map((version) => version.id)).not.toContain(hidden.id);
  });
});

describe('POST /api/c/upload', () => {
  it('stores a re-encoded image privately and answers a link that opens it', async () => {
    const user = await person(testApp.app);
    const response = await upload(user, await samplePng());
    expect(response.statusCode, response.body).toBe(200);
    const { url } = dataOf<{ url: string }>(response);
    expect(url).toMatch(new RegExp(`^/files/assets/licences/${user.uid}/[0-9a-f]{64}\\.webp\\?expires=\\d+&signature=`));
    const opened = await testApp.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/webp');
    expect(opened.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Without the signature the file does not exist for anyone.
    expect((await testApp.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(404);
  });

  it('refuses anonymous callers, files that are not images, a missing part and files over the limit', async () => {
    const user = await person(testApp.app);
    expect((await upload(undefined, await samplePng())).statusCode).toBe(401);
    const text = await upload(user, Buffer.from('just some text, not an image'), 'file', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(codeOf(text)).toBe(UploadErrors.unsupportedImage.code);
    const wrongField = await upload(user, await samplePng(), 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(codeOf(wrongField)).toBe(ErrorCode.validation);
    const notMultipart = await call(user, 'POST', '/api/c/upload', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    const big = Buffer.concat([await samplePng(), Buffer.alloc(MEMBERSHIP_UPLOAD_MAX_BYTES)]);
    const tooLarge = await upload(user, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(codeOf(tooLarge)).toBe(UploadErrors.uploadTooLarge.code);
  });

  it('limits how often one user uploads', async () => {
    const user = await person(testApp.app);
    const png = await samplePng();
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await upload(user, png)).statusCode).toBe(200);
    const refused = await upload(user, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/c/membership/apply', () => {
  it('checks in the order of spec 5, with its messages in both languages', async () => {
    const user = await person(testApp.app);
    const url = await licenceOf(user);
    const steps: [Record<string, unknown>, number | undefined, number, string, string][] = [
      [{}, 1, MembershipErrors.membershipCompanyNameMissing.code, '请填写主体名称', 'please fill in the entity name'],
      [{ companyName: '  ' }, 1, MembershipErrors.membershipCompanyNameMissing.code, '请填写主体名称', 'please fill in the entity name'],
      [
        { companyName: 'ACME' },
        1,
        MembershipErrors.membershipNameAndPhoneMissing.code,
        '请填写姓名和电话',
        'please fill in name and phone',
      ],
      [
        { companyName: 'ACME', name: 'Li' },
        1,
        MembershipErrors.membershipNameAndPhoneMissing.code,
        '请填写姓名和电话',
        'please fill in name and phone',
      ],
      [
        { companyName: 'ACME', phone: user.phone },
        1,
        MembershipErrors.membershipNameAndPhoneMissing.code,
        '请填写姓名和电话',
        'please fill in name and phone',
      ],
      [
        { companyName: 'ACME', name: 'Li', phone: user.phone },
        undefined,
        MembershipErrors.membershipVersionMissing.code,
        '请选择会员版本',
        'please choose a membership version',
      ],
      [
        { companyName: 'ACME', name: 'Li', phone: user.phone },
        0,
        MembershipErrors.membershipVersionMissing.code,
        '请选择会员版本',
        'please choose a membership version',
      ],
      [
        { companyName: 'ACME', name: 'Li', phone: user.phone, licenceImages: [] },
        1,
        MembershipErrors.membershipLicenceMissing.code,
        '请上传营业执照、登记证书或身份证图片',
        'please upload a business licence, registration certificate or ID',
      ],
    ];
    for (const [extras, versionId, code, zh, en] of steps) {
      const response = await apply(user, versionId, extras);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ code, msg: zh });
      expect(json(await apply(user, versionId, extras, 'en'))).toEqual({ code, msg: en });
    }
    // Everything else right: only the missing company name is named.
    expect(codeOf(await apply(user, 1, { licenceImages: [url], name: 'Li', phone: user.phone }))).toBe(
      MembershipErrors.membershipCompanyNameMissing.code,
    );
  });

  it("then checks the phone, the images, the version and the caller's pending application", async () => {
    const user = await person(testApp.app);
    const other = await person(testApp.app);
    const url = await licenceOf(user);
    const theirs = await licenceOf(other);
    const extras = { licenceImages: [url], companyName: 'ACME', name: 'Li', phone: user.phone };
    expect(codeOf(await apply(user, 1, { ...extras, phone: other.phone }))).toBe(MembershipErrors.membershipPhoneMismatch.code);
    expect(codeOf(await apply(user, 1, { ...extras, licenceImages: [theirs] }))).toBe(MembershipErrors.membershipLicenceInvalid.code);
    expect(codeOf(await apply(user, 1, { ...extras, licenceImages: ['https://example.com/licence.png'] }))).toBe(
      MembershipErrors.membershipLicenceInvalid.code,
    );
    const forged = url.replace(/[0-9a-f]{64}/, 'f'.repeat(64));
    expect(codeOf(await apply(user, 1, { ...extras, licenceImages: [forged] }))).toBe(MembershipErrors.membershipLicenceInvalid.code);
    const unavailable = await apply(user, 9999, extras);
    expect(unavailable.statusCode).toBe(404);
    expect(codeOf(unavailable)).toBe(MembershipErrors.membershipVersionUnavailable.code);
    expect(codeOf(await apply(user, 1, '{not json'))).toBe(ErrorCode.validation);
    expect(codeOf(await apply(user, 1, '[1,2]'))).toBe(ErrorCode.validation);
    expect(codeOf(await apply(user, 1, { ...extras, companyName: 'x'.repeat(101) }))).toBe(ErrorCode.validation);

    const accepted = await apply(user, 1, extras);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const id = dataOf<{ id: number }>(accepted).id;
    const [stored] = await db().select().from(membershipApplications).where(eq(membershipApplications.id, id));
    expect(stored).toMatchObject({ status: 'pending', versionId: 1, userId: user.id });
    expect(stored!.details).toEqual({ licenceImages: [url.split('?')[0]], companyName: 'ACME', name: 'Li', phone: user.phone });
    expect(stored!.licenceHash).toMatch(/^[0-9a-f]{64}$/);

    const again = await apply(user, 2, extras, 'en');
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({
      code: MembershipErrors.membershipApplicationPending.code,
      msg: 'you already have an application under review',
    });
    expect((await call(undefined, 'POST', '/api/c/membership/apply', { versionId: 1, jsonExtras: '{}' })).statusCode).toBe(401);
  });

  it("accepts the spec client's form body and a single `licenceImage` or `cover`", async () => {
    const first = await person(testApp.app);
    const url = await licenceOf(first);
    const extras = JSON.stringify({ licenceImage: `http://localhost${url}`, companyName: 'ACME', name: 'Li', phone: first.phone });
    const form = await call(first, 'POST', '/api/c/membership/apply', `versionId=1&jsonExtras=${encodeURIComponent(extras)}`);
    expect(form.statusCode, form.body).toBe(200);
    const second = await person(testApp.app);
    const cover = await licenceOf(second);
    expect((await apply(second, 2, { cover, companyName: 'ACME', name: 'Wang', phone: second.phone })).statusCode).toBe(200);
  });
});

describe('GET /api/c/membership and withdrawing', () => {
  it('shows my applications, lets me withdraw a pending one once, and no one else', async () => {
    const user = await person(testApp.app);
    const stranger = await person(testApp.app);
    const empty = dataOf<MyMembership>(await call(user, 'GET', '/api/c/membership'));
    expect(empty).toEqual({ current: null, applications: [], trialUsed: false, renewal: null, payments: [] });
    const id = await applyFully(user, 2);
    const mine = dataOf<MyMembership>(await call(user, 'GET', '/api/c/membership', undefined, 'en'));
    expect(mine.applications).toHaveLength(1);
    expect(mine.applications[0]).toMatchObject({
      id,
      versionId: 2,
      versionName: 'Enterprise',
      status: 'pending',
      reason: '',
      decidedAt: null,
    });
    // The images open for their owner.
    expect((await testApp.app.inject({ method: 'GET', url: mine.applications[0]!.licenceImages[0]! })).statusCode).toBe(200);

    // Another person's page never shows this application as theirs (the page marks a pending version by it).
    expect(dataOf<MyMembership>(await call(stranger, 'GET', '/api/c/membership'))).toEqual({
      current: null,
      applications: [],
      trialUsed: false,
      renewal: null,
      payments: [],
    });
    expect((await call(stranger, 'POST', `/api/c/membership/applications/${id}/withdraw`)).statusCode).toBe(404);
    expect((await call(user, 'POST', `/api/c/membership/applications/${id}/withdraw`)).statusCode).toBe(200);
    const again = await call(user, 'POST', `/api/c/membership/applications/${id}/withdraw`);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe(MembershipErrors.membershipApplicationDecided.code);
    expect(dataOf<MyMembership>(await call(user, 'GET', '/api/c/membership')).applications[0]!.status).toBe('withdrawn');
    expect((await call(admin, 'POST', `/api/admin/membership/applications/${id}/approve`)).statusCode).toBe(409);
    expect((await call(undefined, 'GET', '/api/c/membership')).statusCode).toBe(401);
  });
});

describe('back office: versions', () => {
  it('is for admins only', async () => {
    const user = await person(testApp.app);
    for (const [method, url] of [
      ['GET', '/api/admin/membership/versions'],
      ['POST', '/api/admin/membership/versions'],
      ['PUT', '/api/admin/membership/versions/1'],
      ['DELETE', '/api/admin/membership/versions/1'],
      ['GET', '/api/admin/membership/applications'],
      ['POST', '/api/admin/membership/applications/1/approve'],
      ['POST', '/api/admin/membership/applications/1/reject'],
      ['POST', `/api/admin/memberships/${user.uid}/revoke`],
    ] as const) {
      expect((await call(undefined, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode, url).toBe(401);
      expect((await call(user, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode, url).toBe(403);
    }
  });

  it('creates, lists (hidden too), changes and logs versions; checks every field', async () => {
    const created = await call(admin, 'POST', '/api/admin/membership/versions', versionBody());
    expect(created.statusCode, created.body).toBe(200);
    const version = dataOf<AdminMembershipVersion>(created);
    expect(version).toMatchObject({
      identityNameEn: 'Test edition',
      groupCodes: ['team'],
      trialDays: 7,
      activeMembers: 0,
      pendingApplications: 0,
    });
    expect(await logged('membershipVersion.create', version.id)).toHaveLength(1);

    for (const invalidBody of [
      versionBody({ trialDays: 366 }),
      versionBody({ trialDays: -1 }),
      versionBody({ monthlyPriceFen: -1 }),
      versionBody({ monthlyPriceFen: 9.5 }),
      versionBody({ identityNameZh: '' }),
      versionBody({ identityNameEn: '   ' }),
      versionBody({ groupCodes: ['nope'] }),
      versionBody({ priceTags: [{ labelZh: '', labelEn: 'x', value: 'y' }] }),
    ]) {
      const response = await call(admin, 'POST', '/api/admin/membership/versions', invalidBody);
      expect(response.statusCode, JSON.stringify(invalidBody)).toBe(400);
      expect(codeOf(response)).toBe(ErrorCode.validation);
    }

    const changed = await call(
      admin,
      'PUT',
      `/api/admin/membership/versions/${version.id}`,
      versionBody({ identityNameEn: 'Renamed', groupCodes: ['team', 'content'], visible: false }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(dataOf<AdminMembershipVersion>(changed)).toMatchObject({
      identityNameEn: 'Renamed',
      groupCodes: ['content', 'team'],
      visible: false,
    });
    const [entry] = await logged('membershipVersion.update', version.id);
    expect(entry).toMatchObject({ before: { identityNameEn: 'Test edition' }, after: { identityNameEn: 'Renamed' } });
    expect((await call(admin, 'PUT', '/api/admin/membership/versions/99999', versionBody())).statusCode).toBe(404);

    const all = dataOf<AdminMembershipVersion[]>(await call(admin, 'GET', '/api/admin/membership/versions'));
    expect(all.find((row) => row.id === version.id)?.visible).toBe(false);
    expect(all.find((row) => row.id === 1)).toMatchObject({ identityNameZh: '专业版', monthlyPriceFen: 9900 });
  });

  it('removes a version: refused while applied for or held, hidden when history names it, deleted otherwise', async () => {
    const unused = dataOf<AdminMembershipVersion>(await call(admin, 'POST', '/api/admin/membership/versions', versionBody()));
    const removed = await call(admin, 'DELETE', `/api/admin/membership/versions/${unused.id}`);
    expect(dataOf(removed)).toEqual({ outcome: 'deleted' });
    expect((await call(admin, 'DELETE', `/api/admin/membership/versions/${unused.id}`)).statusCode).toBe(404);
    expect(await logged('membershipVersion.delete', unused.id)).toHaveLength(1);

    const used = dataOf<AdminMembershipVersion>(await call(admin, 'POST', '/api/admin/membership/versions', versionBody()));
    const user = await person(testApp.app);
    const applicationId = await applyFully(user, used.id);
    const refused = await call(admin, 'DELETE', `/api/admin/membership/versions/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe(MembershipErrors.membershipVersionInUse.code);
    expect((await call(admin, 'POST', `/api/admin/membership/applications/${applicationId}/approve`)).statusCode).toBe(200);
    const listed = dataOf<AdminMembershipVersion[]>(await call(admin, 'GET', '/api/admin/membership/versions')).find(
      (row) => row.id === used.id,
    );
    expect(listed).toMatchObject({ activeMembers: 1, pendingApplications: 0 });
    expect(codeOf(await call(admin, 'DELETE', `/api/admin/membership/versions/${used.id}`))).toBe(
      MembershipErrors.membershipVersionInUse.code,
    );
    expect((await call(admin, 'POST', `/api/admin/memberships/${user.uid}/revoke`, { reason: 'test' })).statusCode).toBe(200);
    expect(dataOf(await call(admin, 'DELETE', `/api/admin/membership/versions/${used.id}`))).toEqual({ outcome: 'hidden' });
  });
});

describe('back office: applications', () => {
  it('lists pending first with the applicant and images an admin can open; filters by status', async () => {
    const user = await person(testApp.app, { name: 'Applicant' });
    const id = await applyFully(user, 1);
    const page = dataOf<Page<AdminMembershipApplication>>(
      await call(admin, 'GET', '/api/admin/membership/applications?pageSize=100', undefined, 'en'),
    );
    const statuses = page.list.map((row) => row.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(
      statuses.findIndex((status) => status !== 'pending') === -1 ? Infinity : statuses.findIndex((status) => status !== 'pending'),
    );
    const row = page.list.find((entry) => entry.id === id)!;
    expect(row).toMatchObject({
      applicant: { uid: user.uid, name: 'Applicant' },
      versionName: 'Professional',
      companyName: '某某科技有限公司',
      phone: user.phone,
    });
    expect((await testApp.app.inject({ method: 'GET', url: row.licenceImages[0]! })).statusCode).toBe(200);

    const pending = dataOf<Page<AdminMembershipApplication>>(
      await call(admin, 'GET', '/api/admin/membership/applications?status=pending&pageSize=100'),
    );
    expect(pending.list.every((entry) => entry.status === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.list.length);
    expect((await call(admin, 'GET', '/api/admin/membership/applications?status=bogus')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/admin/membership/applications?pageSize=1000')).statusCode).toBe(400);
  });

  it('approving gives the version for its trial, its groups at once, a notice and a log entry; only once', async () => {
    const user = await person(testApp.app);
    expect(await menusOf(user)).not.toContain(163);
    const id = await applyFully(user, 1);
    const before = Date.now();
    const approved = await call(admin, 'POST', `/api/admin/membership/applications/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const { endsAt } = dataOf<{ membershipId: number; endsAt: number }>(approved);
    expect(endsAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    // No new sign-in: the same session sees the version's groups (team 163, marketing 42, content 962).
    expect(await menusOf(user)).toEqual(expect.arrayContaining([163, 42, 962]));
    const mine = dataOf<MyMembership>(await call(user, 'GET', '/api/c/membership', undefined, 'en'));
    expect(mine.current).toMatchObject({ versionId: 1, versionName: 'Professional', kind: 'trial', status: 'active', endsAt });
    expect(mine.applications[0]).toMatchObject({ id, status: 'approved' });
    expect(mine.trialUsed).toBe(true);
    expect(await db().select().from(membershipTrials).where(eq(membershipTrials.userId, user.id))).toHaveLength(1);
    const [notice] = await noticesOf(user.id, 'membershipApproved');
    expect(notice).toMatchObject({ link: '/userInformation/vip', params: { versionZh: '专业版', versionEn: 'Professional', days: 30 } });
    expect(await logged('membershipApplication.approve', id)).toHaveLength(1);

    const twice = await call(admin, 'POST', `/api/admin/membership/applications/${id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe(MembershipErrors.membershipApplicationDecided.code);
    expect(codeOf(await call(admin, 'POST', `/api/admin/membership/applications/${id}/reject`, { reason: 'late' }))).toBe(
      MembershipErrors.membershipApplicationDecided.code,
    );
    expect((await call(admin, 'POST', '/api/admin/membership/applications/99999/approve')).statusCode).toBe(404);

    // One trial per account: a new application is refused up front.
    const again = await apply(
      user,
      2,
      { licenceImages: [await licenceOf(user)], companyName: 'ACME', name: 'Li', phone: user.phone },
      'en',
    );
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({
      code: MembershipErrors.membershipTrialUsedByUser.code,
      msg: 'Your account has already had its free trial',
    });
  });

  it('one trial per licence image: the same bytes from another account are refused, at application and at approval', async () => {
    const licence = await samplePng();
    const first = await person(testApp.app);
    const second = await person(testApp.app);
    const third = await person(testApp.app);
    const firstId = await applyFully(first, 1, licence);
    const secondId = await applyFully(second, 1, licence);
    expect((await call(admin, 'POST', `/api/admin/membership/applications/${firstId}/approve`)).statusCode).toBe(200);
    const late = await call(admin, 'POST', `/api/admin/membership/applications/${secondId}/approve`);
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe(MembershipErrors.membershipTrialUsedByLicence.code);
    // Refused as a whole: still pending, no membership, no trial.
    const [still] = await db().select().from(membershipApplications).where(eq(membershipApplications.id, secondId));
    expect(still!.status).toBe('pending');
    expect(await db().select().from(userMemberships).where(eq(userMemberships.userId, second.id))).toHaveLength(0);

    const url = await licenceOf(third, licence);
    const refused = await apply(third, 1, {
      licenceImages: [await licenceOf(third), url],
      companyName: 'ACME',
      name: 'Li',
      phone: third.phone,
    });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe(MembershipErrors.membershipTrialUsedByLicence.code);
  });

  it('approving ends an active membership the user holds, in the same step', async () => {
    const user = await person(testApp.app);
    const id = await applyFully(user, 2);
    const [paid] = await db()
      .insert(userMemberships)
      .values({ userId: user.id, versionId: 1, kind: 'paid', endsAt: new Date(Date.now() + 60 * DAY_MS) })
      .returning();
    expect((await call(admin, 'POST', `/api/admin/membership/applications/${id}/approve`)).statusCode).toBe(200);
    const rows = await db().select().from(userMemberships).where(eq(userMemberships.userId, user.id));
    expect(rows.find((row) => row.id === paid!.id)).toMatchObject({ status: 'revoked' });
    expect(rows.find((row) => row.id === paid!.id)!.endsAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(rows.filter((row) => row.status === 'active')).toMatchObject([{ versionId: 2, kind: 'trial' }]);
  });

  it('refuses to approve a version without a trial, or for an account that had a trial meanwhile', async () => {
    const noTrial = dataOf<AdminMembershipVersion>(
      await call(admin, 'POST', '/api/admin/membership/versions', versionBody({ trialDays: 0 })),
    );
    const user = await person(testApp.app);
    const id = await applyFully(user, noTrial.id);
    const refused = await call(admin, 'POST', `/api/admin/membership/applications/${id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe(MembershipErrors.membershipNoTrial.code);

    const other = await person(testApp.app);
    const otherId = await applyFully(other, 1);
    await db()
      .insert(membershipTrials)
      .values({ userId: other.id, licenceHash: 'e'.repeat(64) });
    expect(codeOf(await call(admin, 'POST', `/api/admin/membership/applications/${otherId}/approve`))).toBe(
      MembershipErrors.membershipTrialUsedByUser.code,
    );
  });

  it('rejects with a required reason, tells the applicant and logs it', async () => {
    const user = await person(testApp.app);
    const id = await applyFully(user, 1);
    const missing = await call(admin, 'POST', `/api/admin/membership/applications/${id}/reject`, {});
    expect(missing.statusCode).toBe(400);
    expect(codeOf(missing)).toBe(ErrorCode.validation);
    expect(codeOf(await call(admin, 'POST', `/api/admin/membership/applications/${id}/reject`, { reason: '   ' }))).toBe(
      ErrorCode.validation,
    );
    const rejected = await call(admin, 'POST', `/api/admin/membership/applications/${id}/reject`, { reason: '执照模糊' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mine = dataOf<MyMembership>(await call(user, 'GET', '/api/c/membership'));
    expect(mine.applications[0]).toMatchObject({ status: 'rejected', reason: '执照模糊' });
    expect(mine.current).toBeNull();
    expect((await noticesOf(user.id, 'membershipRejected'))[0]).toMatchObject({
      params: { reason: '执照模糊', versionEn: 'Professional' },
    });
    expect(await logged('membershipApplication.reject', id)).toHaveLength(1);
    // A rejected applicant may apply again (no trial was given).
    expect(
      (await apply(user, 1, { licenceImages: [await licenceOf(user)], companyName: 'ACME', name: 'Li', phone: user.phone })).statusCode,
    ).toBe(200);
  });

  it('revokes an active membership with a reason; the groups go at once', async () => {
    const user = await person(testApp.app);
    const id = await applyFully(user, 1);
    expect((await call(admin, 'POST', `/api/admin/membership/applications/${id}/approve`)).statusCode).toBe(200);
    expect(await menusOf(user)).toContain(163);
    expect(codeOf(await call(admin, 'POST', `/api/admin/memberships/${user.uid}/revoke`, { reason: '' }))).toBe(ErrorCode.validation);
    expect((await call(admin, 'POST', '/api/admin/memberships/nobody/revoke', { reason: 'x' })).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/admin/memberships/${user.uid}/revoke`, { reason: '违规' })).statusCode).toBe(200);
    expect(await menusOf(user)).not.toContain(163);
    expect(dataOf<MyMembership>(await call(user, 'GET', '/api/c/membership')).current).toMatchObject({ status: 'revoked' });
    expect((await noticesOf(user.id, 'membershipRevoked'))[0]).toMatchObject({ params: { reason: '违规' } });
    expect(await logged('membership.revoke', user.uid)).toHaveLength(1);
    const again = await call(admin, 'POST', `/api/admin/memberships/${user.uid}/revoke`, { reason: '违规' });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe(MembershipErrors.membershipNotActive.code);
  });
});

describe('the membership.expire job', () => {
  it('is scheduled every minute', async () => {
    const schedules = await testApp.app.services.jobs.getSchedules();
    expect(schedules.find((schedule) => schedule.name === 'membership.expire')).toMatchObject({ cron: '* * * * *' });
  });

  it('expires memberships past their grace period once, tells each holder, and their groups go without a new sign-in', async () => {
    const user = await person(testApp.app);
    const id = await applyFully(user, 1);
    expect((await call(admin, 'POST', `/api/admin/membership/applications/${id}/approve`)).statusCode).toBe(200);
    expect(await menusOf(user)).toContain(163);
    await db()
      .update(userMemberships)
      .set({ endsAt: new Date(Date.now() - MEMBERSHIP_GRACE_DAYS * DAY_MS - 1000) })
      .where(and(eq(userMemberships.userId, user.id), eq(userMemberships.status, 'active')));

    const { jobs } = testApp.app.services;
    await jobs.send('membership.expire', {});
    expect(await jobs.drain(['membership.expire'])).toMatchObject({ failed: 0 });
    const [row] = await db().select().from(userMemberships).where(eq(userMemberships.userId, user.id));
    expect(row!.status).toBe('expired');
    expect(await menusOf(user)).not.toContain(163);
    expect(await noticesOf(user.id, 'membershipExpired')).toHaveLength(1);

    // Idempotent: a second run finds nothing and tells no one twice.
    expect(await testApp.app.services.membership.expireDue()).toBe(0);
    expect(await noticesOf(user.id, 'membershipExpired')).toHaveLength(1);
    expect(dataOf<MyMembership>(await call(user, 'GET', '/api/c/membership')).current).toMatchObject({ status: 'expired', kind: 'trial' });
  });
});
