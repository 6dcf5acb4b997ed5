import {
  BrandPagesErrors,
  ErrorCode,
  LEADS_PER_ADDRESS,
  Permission,
  Role,
  type LandingPage,
  type LeadPage,
  type NotificationPage,
  type PublicLandingPage,
  type PublicShowcase,
  type Showcase,
  type WorkDetail,
} from '@spatia/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithPeople } from '../../test/app-with-people.js';
import { postFile } from '../../test/multipart.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { createWork, publishedWork, samplePng, type Person } from '../../test/works-fixtures.js';

let testApp: TestApp;
let owner: Person;
let other: Person;
let without42: Person;
let admin: Person;
let workA: WorkDetail;
let workB: WorkDetail;
let draft: WorkDetail;
let othersWork: WorkDetail;

const codeOf = (response: LightMyRequestResponse) => json<{ code: number }>(response).code;
let address = 0;
/** A request from a fresh address, as visitors from different places are. */
const fromNewAddress = () => ({ remoteAddress: `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}` });

function brand(workUids: string[], extra: Record<string, unknown> = {}) {
  return { brandName: '光影工作室', logoUrl: '', brandColour: '#AA3300', intro: '空间摄影', contact: '138 0000 0000', workUids, ...extra };
}

function landing(targetKind: 'work' | 'showcase', targetId: string, extra: Record<string, unknown> = {}) {
  return {
    targetKind,
    targetId,
    headline: '预约实景拍摄',
    text: '留下联系方式，我们一天内回复',
    ctaLabel: '立即预约',
    leadFields: ['phone', 'message'],
    consentText: '',
    ...extra,
  };
}

async function showcaseOf(person: Person, workUids: string[], published = false): Promise<Showcase> {
  const created = await person.call('POST', '/api/c/showcases', brand(workUids));
  expect(created.statusCode, created.body).toBe(200);
  const showcase = dataOf<Showcase>(created);
  if (!published) return showcase;
  const response = await person.call('PUT', `/api/c/showcases/${showcase.id}/published`, { published: true });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Showcase>(response);
}

async function landingOf(person: Person, body: Record<string, unknown>, published = true): Promise<LandingPage> {
  const created = await person.call('POST', '/api/c/landingPages', body);
  expect(created.statusCode, created.body).toBe(200);
  const page = dataOf<LandingPage>(created);
  if (!published) return page;
  return dataOf<LandingPage>(await person.call('PUT', `/api/c/landingPages/${page.id}/published`, { published: true }));
}

function submitLead(id: string, payload: Record<string, unknown>, from = fromNewAddress()) {
  return testApp.app.inject({ method: 'POST', url: `/api/open/landingPages/${id}/leads`, payload, ...from });
}

beforeAll(async () => {
  ({ testApp, owner, other, without42, admin } = await appWithPeople({
    owner: { menus: [Permission.tujingxiu], name: 'Owner' },
    other: { menus: [Permission.tujingxiu], name: 'Other' },
    without42: { menus: [], name: 'NoShowcase' },
    admin: { roles: [Role.admin] },
  }));
  workA = await publishedWork(testApp.app, owner, '客厅');
  workB = await publishedWork(testApp.app, owner, '卧室');
  draft = await createWork(owner, { name: '草稿' });
  othersWork = await publishedWork(testApp.app, other, '别人的');
}, 400_000);

afterAll(() => testApp.close());

describe('showcases', () => {
  it('creates a showcase of the owner’s published works in the order given, unpublished, with an unguessable id', async () => {
    const showcase = await showcaseOf(owner, [workB.uid, workA.uid]);
    expect(showcase.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(showcase).toMatchObject({ brandName: '光影工作室', brandColour: '#aa3300', published: false, visitCount: 0 });
    expect(showcase.works.map((work) => work.uid)).toEqual([workB.uid, workA.uid]);
    const list = dataOf<Showcase[]>(await owner.call('GET', '/api/c/showcases'));
    expect(list.map((item) => item.id)).toContain(showcase.id);
  });

  it('reorders and removes works; refuses someone else’s work, a draft, a bad colour and a foreign logo', async () => {
    const showcase = await showcaseOf(owner, [workA.uid, workB.uid]);
    const reordered = await owner.call('PUT', `/api/c/showcases/${showcase.id}`, brand([workB.uid]));
    expect(dataOf<Showcase>(reordered).works.map((work) => work.uid)).toEqual([workB.uid]);
    for (const uids of [[othersWork.uid], [draft.uid], ['no-such-work']]) {
      const response = await owner.call('PUT', `/api/c/showcases/${showcase.id}`, brand(uids));
      expect(codeOf(response)).toBe(BrandPagesErrors.brandPageWorkNotYours.code);
    }
    expect(codeOf(await owner.call('POST', '/api/c/showcases', brand([], { brandColour: 'red' })))).toBe(
      BrandPagesErrors.brandPageColourInvalid.code,
    );
    expect(codeOf(await owner.call('POST', '/api/c/showcases', brand([], { logoUrl: '/files/logos/brands/someone/x.webp' })))).toBe(
      BrandPagesErrors.brandPageLogoInvalid.code,
    );
    expect(codeOf(await owner.call('POST', '/api/c/showcases', brand([], { brandName: '' })))).toBe(ErrorCode.validation);
  });

  it('uploads a logo into the owner’s folder, served publicly, and a showcase takes it', async () => {
    const uploaded = await postFile(testApp.app, '/api/c/showcases/logo', owner.token, {
      fileName: 'logo.png',
      contentType: 'image/png',
      bytes: await samplePng(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = dataOf<{ url: string }>(uploaded);
    expect(url).toMatch(new RegExp(`^/files/logos/brands/${owner.uid}/[0-9a-f]{20}\\.webp$`));
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const showcase = dataOf<Showcase>(await owner.call('POST', '/api/c/showcases', brand([workA.uid], { logoUrl: url })));
    expect(showcase.logoUrl).toBe(url);
    const notImage = await postFile(testApp.app, '/api/c/showcases/logo', owner.token, {
      fileName: 'logo.png',
      contentType: 'image/png',
      bytes: Buffer.from('not an image'),
    });
    expect(notImage.statusCode).toBe(415);
  });

  it('publishes only with a work; the public page shows the brand, online works and counts one visit per address', async () => {
    const empty = await showcaseOf(owner, []);
    expect(codeOf(await owner.call('PUT', `/api/c/showcases/${empty.id}/published`, { published: true }))).toBe(
      BrandPagesErrors.brandPageNoWorks.code,
    );
    const showcase = await showcaseOf(owner, [workA.uid, workB.uid], true);
    const visitor = fromNewAddress();
    const first = await testApp.app.inject({ method: 'GET', url: `/api/open/showcases/${showcase.id}`, ...visitor });
    expect(first.statusCode, first.body).toBe(200);
    const page = dataOf<PublicShowcase>(first);
    expect(page).toMatchObject({ brandName: '光影工作室', visitCount: 1 });
    expect(page.works.map((work) => work.name)).toEqual(['客厅', '卧室']);
    const again = dataOf<PublicShowcase>(
      await testApp.app.inject({ method: 'GET', url: `/api/open/showcases/${showcase.id}`, ...visitor }),
    );
    expect(again.visitCount).toBe(1);
    const someoneElse = await testApp.app.inject({ method: 'GET', url: `/api/open/showcases/${showcase.id}`, ...fromNewAddress() });
    expect(dataOf<PublicShowcase>(someoneElse).visitCount).toBe(2);
  });

  it('stops serving an unpublished showcase, and a showcase never published', async () => {
    const showcase = await showcaseOf(owner, [workA.uid], true);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/open/showcases/${showcase.id}` })).statusCode).toBe(200);
    await owner.call('PUT', `/api/c/showcases/${showcase.id}/published`, { published: false });
    const gone = await testApp.app.inject({ method: 'GET', url: `/api/open/showcases/${showcase.id}` });
    expect(gone.statusCode).toBe(404);
    expect(codeOf(gone)).toBe(BrandPagesErrors.brandPageNotFound.code);
    const bad = await testApp.app.inject({ method: 'GET', url: '/api/open/showcases/short' });
    expect(bad.statusCode).toBe(400);
  });

  it('leaves out a work that went offline since it was chosen', async () => {
    const work = await publishedWork(testApp.app, owner, '临时');
    const showcase = await showcaseOf(owner, [work.uid, workA.uid], true);
    await owner.call('PUT', `/api/model/${work.uid}/onLined`, 'onLined=false');
    const page = dataOf<PublicShowcase>(await testApp.app.inject({ method: 'GET', url: `/api/open/showcases/${showcase.id}` }));
    expect(page.works.map((item) => item.uid)).toEqual([workA.uid]);
    const mine = dataOf<Showcase>(await owner.call('GET', `/api/c/showcases/${showcase.id}`));
    expect(mine.works.find((item) => item.uid === work.uid)?.available).toBe(false);
  });

  it('is the owner’s alone: another user, even an admin, finds no such showcase', async () => {
    const showcase = await showcaseOf(owner, [workA.uid]);
    for (const caller of [other, admin]) {
      expect((await caller.call('GET', `/api/c/showcases/${showcase.id}`)).statusCode).toBe(404);
      expect((await caller.call('PUT', `/api/c/showcases/${showcase.id}`, brand([]))).statusCode).toBe(404);
      expect((await caller.call('PUT', `/api/c/showcases/${showcase.id}/published`, { published: true })).statusCode).toBe(404);
      expect((await caller.call('DELETE', `/api/c/showcases/${showcase.id}`)).statusCode).toBe(404);
    }
  });

  it('deletes a showcase, but not while a landing page presents it', async () => {
    const showcase = await showcaseOf(owner, [workA.uid], true);
    const page = await landingOf(owner, landing('showcase', showcase.id), false);
    const refused = await owner.call('DELETE', `/api/c/showcases/${showcase.id}`);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe(BrandPagesErrors.brandPageShowcaseInUse.code);
    expect((await owner.call('DELETE', `/api/c/landingPages/${page.id}`)).statusCode).toBe(200);
    expect((await owner.call('DELETE', `/api/c/showcases/${showcase.id}`)).statusCode).toBe(200);
    expect((await owner.call('GET', `/api/c/showcases/${showcase.id}`)).statusCode).toBe(404);
  });
});

describe('permission 42', () => {
  const ownerCalls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/c/showcases'],
    ['POST', '/api/c/showcases', brand([])],
    ['GET', '/api/c/landingPages'],
    ['POST', '/api/c/landingPages', landing('work', 'x')],
    ['GET', '/api/c/leads'],
    ['GET', '/api/c/leads/export'],
  ];

  it('refuses every owner call without it, and anonymous callers', async () => {
    for (const [method, url, payload] of ownerCalls) {
      const response = await without42.call(method as 'GET', url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await testApp.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('takes effect at once when granted or withdrawn, without signing in again', async () => {
    const services = testApp.app.services;
    await services.users.setGrants(admin.id, without42.id, [Permission.tujingxiu]);
    expect((await without42.call('GET', '/api/c/showcases')).statusCode).toBe(200);
    await services.users.setGrants(admin.id, without42.id, []);
    expect((await without42.call('GET', '/api/c/showcases')).statusCode).toBe(403);
  });
});

describe('landing pages and leads', () => {
  it('creates a page for an own work or showcase only', async () => {
    const page = await landingOf(owner, landing('work', workA.uid), false);
    expect(page).toMatchObject({ targetKind: 'work', targetId: workA.uid, targetName: '客厅', published: false, leadCount: 0 });
    for (const body of [landing('work', othersWork.uid), landing('work', draft.uid), landing('showcase', 'AAAAAAAAAAAAAAAA')]) {
      expect(codeOf(await owner.call('POST', '/api/c/landingPages', body))).toBe(BrandPagesErrors.brandPageTargetInvalid.code);
    }
    const othersShowcase = await showcaseOf(other, [othersWork.uid]);
    expect(codeOf(await owner.call('POST', '/api/c/landingPages', landing('showcase', othersShowcase.id)))).toBe(
      BrandPagesErrors.brandPageTargetInvalid.code,
    );
    expect(codeOf(await owner.call('POST', '/api/c/landingPages', landing('work', workA.uid, { leadFields: ['fax'] })))).toBe(
      ErrorCode.validation,
    );
  });

  it('updates a page; others cannot see, change, publish or delete it', async () => {
    const page = await landingOf(owner, landing('work', workA.uid), false);
    const updated = await owner.call('PUT', `/api/c/landingPages/${page.id}`, landing('work', workB.uid, { headline: '新标题' }));
    expect(dataOf<LandingPage>(updated)).toMatchObject({ headline: '新标题', targetName: '卧室' });
    for (const caller of [other, admin]) {
      expect((await caller.call('GET', `/api/c/landingPages/${page.id}`)).statusCode).toBe(404);
      expect((await caller.call('PUT', `/api/c/landingPages/${page.id}`, landing('work', workA.uid))).statusCode).toBe(404);
      expect((await caller.call('PUT', `/api/c/landingPages/${page.id}/published`, { published: true })).statusCode).toBe(404);
      expect((await caller.call('DELETE', `/api/c/landingPages/${page.id}`)).statusCode).toBe(404);
    }
  });

  it('serves a published page with its work or its showcase’s works, and stops when unpublished', async () => {
    const workPage = await landingOf(owner, landing('work', workA.uid));
    const publicWork = dataOf<PublicLandingPage>(await testApp.app.inject({ method: 'GET', url: `/api/open/landingPages/${workPage.id}` }));
    expect(publicWork).toMatchObject({ targetKind: 'work', headline: '预约实景拍摄', leadFields: ['phone', 'message'] });
    expect(publicWork.work?.uid).toBe(workA.uid);
    const showcase = await showcaseOf(owner, [workB.uid, workA.uid]);
    const showcasePage = await landingOf(owner, landing('showcase', showcase.id));
    const publicShowcase = dataOf<PublicLandingPage>(
      await testApp.app.inject({ method: 'GET', url: `/api/open/landingPages/${showcasePage.id}` }),
    );
    expect(publicShowcase.brand?.brandName).toBe('光影工作室');
    expect(publicShowcase.works.map((work) => work.uid)).toEqual([workB.uid, workA.uid]);
    await owner.call('PUT', `/api/c/landingPages/${workPage.id}/published`, { published: false });
    expect((await testApp.app.inject({ method: 'GET', url: `/api/open/landingPages/${workPage.id}` })).statusCode).toBe(404);
    const lead = await submitLead(workPage.id, { name: '张三', phone: '13912345678' });
    expect(codeOf(lead)).toBe(BrandPagesErrors.brandPageNotFound.code);
  });

  it('takes a valid lead, tells the owner, and lists it to the owner only', async () => {
    const page = await landingOf(owner, landing('work', workA.uid, { consentText: '我同意被联系' }));
    const lead = await submitLead(page.id, {
      name: ' 李四 ',
      phone: '13912345678',
      message: '想拍一套样板间',
      company: 'ignored',
      consent: true,
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const leads = dataOf<LeadPage>(await owner.call('GET', `/api/c/leads?landingPageId=${page.id}`));
    expect(leads.total).toBe(1);
    expect(leads.list[0]).toMatchObject({ name: '李四', phone: '13912345678', company: '', message: '想拍一套样板间', handled: false });
    const notices = dataOf<NotificationPage>(await owner.call('GET', '/api/c/notifications'));
    expect(notices.list[0]).toMatchObject({ kind: 'leadReceived', params: { name: '李四', page: '预约实景拍摄' } });
    const othersLeads = dataOf<LeadPage>(await other.call('GET', '/api/c/leads'));
    expect(othersLeads.total).toBe(0);
    expect((await other.call('GET', `/api/c/leads?landingPageId=${page.id}`)).statusCode).toBe(404);
    expect((await other.call('PUT', `/api/c/leads/${leads.list[0]!.id}/handled`, { handled: true })).statusCode).toBe(404);
    expect((await admin.call('GET', `/api/c/leads?landingPageId=${page.id}`)).statusCode).toBe(404);
  });

  it('refuses a lead without a name, a phone it asks, a bad phone, no consent, or a sensitive word', async () => {
    const page = await landingOf(owner, landing('work', workA.uid, { consentText: '我同意' }));
    const cases: [Record<string, unknown>, number][] = [
      [{ name: '  ', phone: '13912345678', consent: true }, BrandPagesErrors.leadNameRequired.code],
      [{ name: '王五', consent: true }, BrandPagesErrors.leadPhoneRequired.code],
      [{ name: '王五', phone: '12345678901', consent: true }, BrandPagesErrors.leadPhoneInvalid.code],
      [{ name: '王五', phone: '1391234567', consent: true }, BrandPagesErrors.leadPhoneInvalid.code],
      [{ name: '王五', phone: '13912345678' }, BrandPagesErrors.leadConsentMissing.code],
      [{ name: 'x'.repeat(31), phone: '13912345678', consent: true }, ErrorCode.validation],
    ];
    for (const [payload, code] of cases) expect(codeOf(await submitLead(page.id, payload)), JSON.stringify(payload)).toBe(code);
    await testApp.app.services.sensitiveWords.addWords(admin, ['赌场']);
    const dirty = await submitLead(page.id, { name: '王五', phone: '13912345678', message: '去赌场', consent: true });
    expect(dirty.statusCode).toBe(400);
    expect(dataOf<LeadPage>(await owner.call('GET', `/api/c/leads?landingPageId=${page.id}`)).total).toBe(0);
  });

  it(`limits one address to ${LEADS_PER_ADDRESS} leads in the window`, async () => {
    const page = await landingOf(owner, landing('work', workA.uid, { leadFields: [] }));
    const visitor = fromNewAddress();
    for (let i = 0; i < LEADS_PER_ADDRESS; i += 1) {
      expect((await submitLead(page.id, { name: `访客${i}` }, visitor)).statusCode).toBe(200);
    }
    const refused = await submitLead(page.id, { name: '再来' }, visitor);
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe(BrandPagesErrors.leadTooMany.code);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await submitLead(page.id, { name: '别处' })).statusCode).toBe(200);
  });

  it('marks leads handled, filters by page and state, and exports CSV; counts show on the page', async () => {
    const page = await landingOf(owner, landing('work', workB.uid, { leadFields: ['company'] }));
    await submitLead(page.id, { name: '=SUM(A1)', company: '甲公司' });
    await submitLead(page.id, { name: '赵六', company: '乙公司' });
    const leads = dataOf<LeadPage>(await owner.call('GET', `/api/c/leads?landingPageId=${page.id}`));
    expect(leads.list.map((lead) => lead.name)).toEqual(['赵六', '=SUM(A1)']);
    const marked = await owner.call('PUT', `/api/c/leads/${leads.list[0]!.id}/handled`, { handled: true });
    expect(dataOf<{ handled: boolean }>(marked).handled).toBe(true);
    const open = dataOf<LeadPage>(await owner.call('GET', `/api/c/leads?landingPageId=${page.id}&handled=false`));
    expect(open.list.map((lead) => lead.name)).toEqual(['=SUM(A1)']);
    const mine = dataOf<LandingPage>(await owner.call('GET', `/api/c/landingPages/${page.id}`));
    expect(mine).toMatchObject({ leadCount: 2, unhandledLeadCount: 1 });
    const csv = await testApp.app.inject({
      method: 'GET',
      url: `/api/c/leads/export?landingPageId=${page.id}`,
      headers: { 'x-auth-token': owner.token, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Submitted (UTC),Landing page,Name,Phone,Company,Message,Handled');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain("'=SUM(A1)");
    expect((await owner.call('PUT', '/api/c/leads/999999/handled', { handled: true })).statusCode).toBe(404);
  });

  it('deletes a page with its leads', async () => {
    const page = await landingOf(owner, landing('work', workA.uid, { leadFields: [] }));
    await submitLead(page.id, { name: '孙七' });
    expect((await owner.call('DELETE', `/api/c/landingPages/${page.id}`)).statusCode).toBe(200);
    expect((await owner.call('GET', `/api/c/leads?landingPageId=${page.id}`)).statusCode).toBe(404);
  });
});

describe('link previews', () => {
  it('describe a published showcase and landing page, and nothing of an unpublished one', async () => {
    const showcase = await showcaseOf(owner, [workA.uid], true);
    const page = await landingOf(owner, landing('work', workA.uid));
    const describe = (request: never) => testApp.app.services.seo.describe(request);
    const request = (url: string) => ({ url, headers: { host: 'example.test' }, protocol: 'http', language: 'zh' }) as never;
    expect(await describe(request(`/space/showcase/${showcase.id}`))).toMatchObject({ title: '光影工作室', description: '空间摄影' });
    const landingMeta = await describe(request(`/space/landing/${page.id}`));
    expect(landingMeta).toMatchObject({ title: '预约实景拍摄' });
    expect(landingMeta?.imageUrl).toContain('/files/');
    await owner.call('PUT', `/api/c/showcases/${showcase.id}/published`, { published: false });
    expect(await describe(request(`/space/showcase/${showcase.id}`))).toBeUndefined();
    expect(await describe(request(`/details/${workA.uid}`))).toMatchObject({ title: expect.stringContaining('客厅') });
  });
});
