import { randomBytes } from 'node:crypto';
import {
  DEFAULT_IDENTITY_IDS,
  ErrorCode,
  Role,
  type IdentityApplicationItem,
  type IdentityKindDetail,
  type IdentityRecord,
  type Page,
  type WorkDetail,
  type WorkSummary,
  IdentityErrors,
  UploadErrors,
} from '@spatia/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '../admin-log/admin-log.tables.js';
import { identityKinds } from './identity.tables.js';
import { notifications } from '../notifications/notifications.tables.js';
import { postFile } from '../../test/multipart.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { authHeaders, dataOf, json, type TestApp } from '../../test/test-app.js';
import { person, type Person, publishedWork, samplePng } from '../../test/works-fixtures.js';

let testApp: TestApp;
let applicant: Person;
let stranger: Person;
let admin: Person;

const HIDDEN_KIND = 990;

beforeAll(async () => {
  ({ testApp, applicant, stranger, admin } = await appWithPeople({
    applicant: { name: 'Applicant' },
    stranger: { name: 'Stranger' },
    admin: { roles: [Role.admin], name: 'Admin' },
  }));
  await testApp.app.services.database.db
    .insert(identityKinds)
    .values({ id: HIDDEN_KIND, code: 'retired', nameZh: '已停用', nameEn: 'Retired', visible: false });
});
afterAll(() => testApp.close());

const codeOf = (response: LightMyRequestResponse) => json(response).code;
const messageOf = (response: LightMyRequestResponse) => json(response).msg;

function get(url: string, as?: Person, language = 'zh') {
  return testApp.app.inject({ method: 'GET', url, headers: { ...(as ? authHeaders(as.token) : {}), cookie: `language=${language}` } });
}

function uploadCard(as: Person | undefined, bytes: Buffer, field = 'file') {
  return postFile(testApp.app, '/api/c/uploadBusinessCard', as?.token, { field, fileName: 'card.png', contentType: 'image/png', bytes });
}

async function cardOf(as: Person): Promise<string> {
  const response = await uploadCard(as, await samplePng());
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ url: string }>(response).url;
}

function apply(as: Person, identityId: number | string, extras: Record<string, unknown> | string) {
  const jsonExtras = typeof extras === 'string' ? extras : JSON.stringify(extras);
  return as.call('POST', `/api/c/applyIdentity/${identityId}`, { jsonExtras });
}

async function applied(as: Person, identityId: number, extras: Record<string, string> = {}): Promise<IdentityRecord> {
  const response = await apply(as, identityId, { businessCardUrl: await cardOf(as), realName: '张三', ...extras });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<IdentityRecord>(response);
}

describe('GET /api/authIdentity/{id}/detail and /{ids}/details', () => {
  it('answers a kind in the caller’s language with its fields, and no record for an anonymous caller', async () => {
    const zh = dataOf<IdentityKindDetail>(await get('/api/authIdentity/2/detail'));
    expect(zh).toMatchObject({ id: 2, code: 'photographer', name: '摄影师', record: null });
    expect(zh.fields.map((field) => field.name)).toEqual(['realName', 'company', 'title', 'portfolioUrl']);
    expect(zh.fields[0]).toMatchObject({ required: true, format: 'text' });
    expect(dataOf<IdentityKindDetail>(await get('/api/authIdentity/2/detail', undefined, 'en')).name).toBe('Photographer');
  });

  it('404s an unknown or hidden kind and 400s an id that is not a number', async () => {
    expect((await get('/api/authIdentity/12345/detail')).statusCode).toBe(404);
    expect((await get(`/api/authIdentity/${HIDDEN_KIND}/detail`)).statusCode).toBe(404);
    const bad = await get('/api/authIdentity/abc/detail');
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe(ErrorCode.validation);
  });

  it('answers the default list in the order given, leaving unknown and hidden ids out', async () => {
    const all = dataOf<IdentityKindDetail[]>(await get(`/api/authIdentity/${DEFAULT_IDENTITY_IDS.join(',')}/details`, undefined, 'en'));
    expect(all.map((kind) => kind.id)).toEqual([...DEFAULT_IDENTITY_IDS]);
    expect(all.find((kind) => kind.id === 10)?.name).toBe('Merchant');
    const some = dataOf<IdentityKindDetail[]>(await get(`/api/authIdentity/16,99999,${HIDDEN_KIND},2,16/details`));
    expect(some.map((kind) => kind.id)).toEqual([16, 2]);
  });

  it('refuses ids that are not whole numbers, and more than 50 of them', async () => {
    const letters = await get('/api/authIdentity/2,x/details');
    expect(letters.statusCode).toBe(400);
    expect(messageOf(letters)).toBe('参数 ids 格式不正确');
    const many = await get(`/api/authIdentity/${Array.from({ length: 51 }, (_, index) => index + 1).join(',')}/details`, undefined, 'en');
    expect(many.statusCode).toBe(400);
    expect(messageOf(many)).toBe('Parameter ids must list at most 50 items');
    expect((await get('/api/authIdentity/2,,3/details')).statusCode).toBe(400);
  });
});

describe('POST /api/c/uploadBusinessCard', () => {
  it('stores a re-encoded image in the user’s own private folder and answers a signed link', async () => {
    const url = await cardOf(applicant);
    expect(url).toMatch(new RegExp(`^/files/assets/identity/${applicant.uid}/[0-9a-f]{20}\\.webp\\?expires=\\d+&signature=`));
    const image = await testApp.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // Without the signature nobody opens it.
    expect((await testApp.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(404);
  });

  it('needs a session, a `file` part and an image', async () => {
    expect((await uploadCard(undefined, await samplePng())).statusCode).toBe(401);
    const wrongPart = await uploadCard(applicant, await samplePng(), 'picture');
    expect(wrongPart.statusCode).toBe(400);
    expect(messageOf(wrongPart)).toBe('参数 file 为必填项');
    const text = await uploadCard(applicant, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(text.statusCode).toBe(415);
    expect(codeOf(text)).toBe(UploadErrors.unsupportedImage.code);
    const notMultipart = await applicant.call('POST', '/api/c/uploadBusinessCard', { file: 'x' });
    expect(messageOf(notMultipart)).toBe('参数 file 为必填项');
  });

  it('refuses a file over 5 MB', async () => {
    const huge = Buffer.concat([await samplePng(), randomBytes(5 * 1024 * 1024)]);
    const response = await uploadCard(applicant, huge);
    expect(response.statusCode).toBe(413);
    expect(codeOf(response)).toBe(UploadErrors.uploadTooLarge.code);
  });

  it('is rate-limited per user', async () => {
    const busy = await person(testApp.app);
    for (let i = 0; i < 20; i += 1) await testApp.app.services.rateLimiter.hit(`identity-card:${busy.id}`, 20, 3600);
    const response = await uploadCard(busy, await samplePng());
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/c/applyIdentity/{id}', () => {
  it('records a pending application with cleaned fields, and shows it in the detail', async () => {
    const user = await person(testApp.app);
    const card = await cardOf(user);
    const response = await apply(user, 2, {
      businessCardUrl: card,
      realName: '  李 四 ',
      company: '<b>Spatia</b> <script>alert(1)</script>Studio',
      title: '',
      portfolioUrl: 'https://example.com/portfolio',
    });
    expect(response.statusCode, response.body).toBe(200);
    const record = dataOf<IdentityRecord>(response);
    expect(record).toMatchObject({ identityId: 2, status: 'pending', reason: '', decidedAt: null });
    expect(record.extras).toEqual({ realName: '李 四', company: 'Spatia alert(1)Studio', portfolioUrl: 'https://example.com/portfolio' });
    expect(record.businessCardUrl).toMatch(new RegExp(`^/files/assets/identity/${user.uid}/[0-9a-f]{20}\\.webp\\?expires=`));

    const detail = dataOf<IdentityKindDetail>(await get('/api/authIdentity/2/detail', user));
    expect(detail.record).toMatchObject({ id: record.id, status: 'pending' });
    expect(dataOf<IdentityKindDetail>(await get('/api/authIdentity/2/detail', stranger)).record).toBeNull();
  });

  it('takes jsonExtras from a form or the query too', async () => {
    const user = await person(testApp.app);
    const extras = JSON.stringify({ businessCardUrl: await cardOf(user), realName: 'Form' });
    const form = await user.call('POST', '/api/c/applyIdentity/16', `jsonExtras=${encodeURIComponent(extras)}`);
    expect(form.statusCode, form.body).toBe(200);
    const query = await user.call('POST', `/api/c/applyIdentity/80?jsonExtras=${encodeURIComponent(extras)}`);
    expect(query.statusCode, query.body).toBe(200);
    expect(dataOf<IdentityRecord>(query).extras).toEqual({ realName: 'Form' });
  });

  it('refuses a second open application of the same kind', async () => {
    const user = await person(testApp.app);
    await applied(user, 48);
    const again = await apply(user, 48, { businessCardUrl: await cardOf(user), realName: '张三' });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe(IdentityErrors.identityAlreadyOpen.code);
  });

  it('404s an unknown or hidden kind and 401s without a session', async () => {
    const card = await cardOf(applicant);
    expect((await apply(applicant, 4242, { businessCardUrl: card, realName: 'x' })).statusCode).toBe(404);
    expect((await apply(applicant, HIDDEN_KIND, { businessCardUrl: card, realName: 'x' })).statusCode).toBe(404);
    const anonymous = await testApp.app.inject({ method: 'POST', url: '/api/c/applyIdentity/2', payload: { jsonExtras: '{}' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('says which field is wrong', async () => {
    const card = await cardOf(applicant);
    const cases: [Record<string, unknown> | string, number, string][] = [
      ['not json', IdentityErrors.identityExtrasInvalid.code, 'Parameter jsonExtras must be a JSON object whose values are all text'],
      ['[1,2]', IdentityErrors.identityExtrasInvalid.code, 'Parameter jsonExtras must be a JSON object whose values are all text'],
      [
        { businessCardUrl: card, realName: 7 },
        IdentityErrors.identityExtrasInvalid.code,
        'Parameter jsonExtras must be a JSON object whose values are all text',
      ],
      [{ realName: '张三' }, ErrorCode.validation, 'Parameter jsonExtras.businessCardUrl is required'],
      [{ businessCardUrl: card }, ErrorCode.validation, 'Parameter jsonExtras.realName is required'],
      [{ businessCardUrl: card, realName: '<i></i> ' }, ErrorCode.validation, 'Parameter jsonExtras.realName is required'],
      [
        { businessCardUrl: card, realName: 'x'.repeat(31) },
        ErrorCode.validation,
        'Parameter jsonExtras.realName must be at most 30 characters',
      ],
      [
        { businessCardUrl: card, realName: '张三', portfolioUrl: 'javascript:alert(1)' },
        ErrorCode.validation,
        'Parameter jsonExtras.portfolioUrl has the wrong format',
      ],
      [{ businessCardUrl: card, realName: '张三', shopName: 'x' }, ErrorCode.validation, 'Parameter jsonExtras.shopName is not accepted'],
      [
        { businessCardUrl: '/files/assets/identity/someone/0123456789abcdef0123.webp', realName: '张三' },
        IdentityErrors.businessCardInvalid.code,
        'The business card must be an image you uploaded with "Upload business card"',
      ],
      [
        { businessCardUrl: 'https://evil.example/card.webp', realName: '张三' },
        IdentityErrors.businessCardInvalid.code,
        'The business card must be an image you uploaded with "Upload business card"',
      ],
    ];
    for (const [extras, code, message] of cases) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/c/applyIdentity/2',
        headers: { ...authHeaders(applicant.token), cookie: 'language=en' },
        payload: { jsonExtras: typeof extras === 'string' ? extras : JSON.stringify(extras) },
      });
      expect(response.statusCode, JSON.stringify(extras)).toBe(400);
      expect({ code: codeOf(response), msg: messageOf(response) }).toEqual({ code, msg: message });
    }
    // A kind's own required field, and in Chinese.
    const merchant = await apply(applicant, 10, { businessCardUrl: card, realName: '张三' });
    expect(messageOf(merchant)).toBe('参数 jsonExtras.shopName 为必填项');
    const tooLong = await apply(applicant, 2, 'x'.repeat(4001));
    expect(messageOf(tooLong)).toBe('参数 jsonExtras 长度不能超过 4000 个字符');
  });

  it("refuses another user's business card", async () => {
    const card = await cardOf(stranger);
    const response = await apply(applicant, 57, { businessCardUrl: card, realName: '张三', company: 'Studio' });
    expect(codeOf(response)).toBe(IdentityErrors.businessCardInvalid.code);
  });
});

describe('DELETE /api/c/authRecord/{id}', () => {
  it('lets the owner withdraw a pending record once, and apply again afterwards', async () => {
    const user = await person(testApp.app);
    const record = await applied(user, 6);
    expect((await stranger.call('DELETE', `/api/c/authRecord/${record.id}`)).statusCode).toBe(404);
    expect((await admin.call('DELETE', `/api/c/authRecord/${record.id}`)).statusCode).toBe(404);
    const withdrawn = await user.call('DELETE', `/api/c/authRecord/${record.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(dataOf<IdentityRecord>(withdrawn).status).toBe('revoked');
    const again = await user.call('DELETE', `/api/c/authRecord/${record.id}`);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe(IdentityErrors.identityRecordClosed.code);
    expect((await user.call('DELETE', '/api/c/authRecord/999999')).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/c/authRecord/${record.id}` })).statusCode).toBe(401);
    expect((await applied(user, 6)).status).toBe('pending');
  });

  it('refuses to withdraw a rejected record', async () => {
    const user = await person(testApp.app);
    const record = await applied(user, 61);
    await admin.call('POST', `/api/admin/identity/applications/${record.id}/reject`, { reason: '名片不清晰' });
    const response = await user.call('DELETE', `/api/c/authRecord/${record.id}`);
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe(IdentityErrors.identityRecordClosed.code);
  });
});

describe('the back office', () => {
  it('is for admins only', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/identity/applications' })).statusCode).toBe(401);
    expect((await applicant.call('GET', '/api/admin/identity/applications')).statusCode).toBe(403);
    expect((await applicant.call('POST', '/api/admin/identity/applications/1/approve')).statusCode).toBe(403);
    expect((await applicant.call('POST', '/api/admin/identity/applications/1/reject', { reason: 'x' })).statusCode).toBe(403);
  });

  it('lists pending applications first, with the applicant and the kind, filtered by status and kind', async () => {
    const user = await person(testApp.app, { name: 'Queued' });
    const decided = await applied(user, 65);
    await admin.call('POST', `/api/admin/identity/applications/${decided.id}/approve`);
    const waiting = await applied(user, 71);

    const page = dataOf<Page<IdentityApplicationItem>>(await admin.call('GET', '/api/admin/identity/applications?pageSize=100'));
    const statuses = page.list.map((item) => item.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((status) => status !== 'pending'));
    const item = page.list.find((row) => row.id === waiting.id)!;
    expect(item).toMatchObject({
      identity: { id: 71, code: 'vrDeveloper', name: 'VR 开发者' },
      applicant: { uid: user.uid, name: 'Queued', phone: user.phone },
      decidedBy: null,
    });
    expect(item.businessCardUrl).toContain('signature=');
    expect((await testApp.app.inject({ method: 'GET', url: item.businessCardUrl })).statusCode).toBe(200);
    expect(page.list.find((row) => row.id === decided.id)?.decidedBy).toEqual({ uid: admin.uid, name: 'Admin' });

    const approved = dataOf<Page<IdentityApplicationItem>>(
      await admin.call('GET', '/api/admin/identity/applications?status=approved&identityId=65'),
    );
    expect(approved.list.map((row) => row.id)).toEqual([decided.id]);
    expect(approved.total).toBe(1);
    expect((await admin.call('GET', '/api/admin/identity/applications?status=maybe')).statusCode).toBe(400);
    const all = dataOf<Page<IdentityApplicationItem>>(await admin.call('GET', '/api/admin/identity/applications?status=&identityId='));
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('approves once: the owner is told, the log records it, a second decision is refused', async () => {
    const user = await person(testApp.app);
    const record = await applied(user, 75);
    const response = await admin.call('POST', `/api/admin/identity/applications/${record.id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(dataOf<IdentityRecord>(response)).toMatchObject({ status: 'approved' });
    expect(dataOf<IdentityRecord>(response).decidedAt).toBeTypeOf('number');

    const { db } = testApp.app.services.database;
    const notices = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices).toMatchObject([
      { kind: 'identityApproved', link: '/userInformation/index', params: { identityId: 75, nameZh: '展馆策展人' } },
    ]);
    const logged = await db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, 'identityApplication.approve'), eq(adminActions.targetId, String(record.id))));
    expect(logged).toMatchObject([{ adminUserId: admin.id, targetType: 'identityApplication', after: { status: 'approved' } }]);

    for (const action of ['approve', 'reject']) {
      const again = await admin.call('POST', `/api/admin/identity/applications/${record.id}/${action}`, { reason: 'late' });
      expect(again.statusCode).toBe(409);
      expect(codeOf(again)).toBe(IdentityErrors.identityAlreadyDecided.code);
    }
    expect((await admin.call('POST', '/api/admin/identity/applications/999999/approve')).statusCode).toBe(404);
  });

  it('rejects with a required plain-text reason, which the owner sees', async () => {
    const user = await person(testApp.app);
    const record = await applied(user, 79, { shopName: '山间民宿' });
    const missing = await admin.call('POST', `/api/admin/identity/applications/${record.id}/reject`, {});
    expect(messageOf(missing)).toBe('参数 reason 为必填项');
    const markup = await admin.call('POST', `/api/admin/identity/applications/${record.id}/reject`, { reason: '<b></b>' });
    expect(messageOf(markup)).toBe('参数 reason 为必填项');
    const long = await admin.call('POST', `/api/admin/identity/applications/${record.id}/reject`, { reason: 'x'.repeat(201) });
    expect(messageOf(long)).toBe('参数 reason 长度不能超过 200 个字符');
    const response = await admin.call(
      'POST',
      `/api/admin/identity/applications/${record.id}/reject`,
      'reason=%E5%90%8D%E7%89%87%3Cb%3E%E6%A8%A1%E7%B3%8A%3C%2Fb%3E',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<IdentityRecord>(response)).toMatchObject({ status: 'rejected', reason: '名片模糊' });
    expect(dataOf<IdentityKindDetail>(await get('/api/authIdentity/79/detail', user)).record).toMatchObject({
      status: 'rejected',
      reason: '名片模糊',
    });
    const notices = await testApp.app.services.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices).toMatchObject([{ kind: 'identityRejected', params: { reason: '名片模糊' } }]);
    // A withdrawn application cannot be decided either.
    const withdrawn = await applied(user, 79, { shopName: '山间民宿' });
    await user.call('DELETE', `/api/c/authRecord/${withdrawn.id}`);
    expect(codeOf(await admin.call('POST', `/api/admin/identity/applications/${withdrawn.id}/approve`))).toBe(
      IdentityErrors.identityAlreadyDecided.code,
    );
  });
});

describe('badges beside the owner’s name', () => {
  it('appear on the public work and the owner’s works list once approved, and go when given up', async () => {
    const owner = await person(testApp.app, { name: 'Badged' });
    const work = await publishedWork(testApp.app, owner, '带徽章的作品');
    const badgesOnWork = async (language = 'zh') =>
      dataOf<WorkDetail>(await get(`/api/model/${work.uid}`, stranger, language)).owner.identities;
    expect(await badgesOnWork()).toEqual([]);

    const record = await applied(owner, 2);
    expect(await badgesOnWork()).toEqual([]);
    await admin.call('POST', `/api/admin/identity/applications/${record.id}/approve`);
    expect(await badgesOnWork()).toEqual([{ id: 2, code: 'photographer', name: '摄影师' }]);
    expect(await badgesOnWork('en')).toEqual([{ id: 2, code: 'photographer', name: 'Photographer' }]);

    const list = dataOf<Page<WorkSummary>>(await get(`/api/fe/client/${owner.uid}/models`));
    expect(list.list[0]?.owner.identities).toEqual([{ id: 2, code: 'photographer', name: '摄影师' }]);
    const anonymous = dataOf<WorkDetail>(await get(`/api/model/${work.uid}`));
    expect(anonymous.owner.identities).toEqual([{ id: 2, code: 'photographer', name: '摄影师' }]);

    const badges = await testApp.app.services.identity.approvedIdentitiesOf([owner.id, stranger.id, owner.id], 'en');
    expect(badges.get(owner.id)).toEqual([{ id: 2, code: 'photographer', name: 'Photographer' }]);
    expect(badges.get(stranger.id)).toEqual([]);

    expect((await owner.call('DELETE', `/api/c/authRecord/${record.id}`)).statusCode).toBe(200);
    expect(await badgesOnWork()).toEqual([]);
  });
});
