import {
  ErrorCode,
  Role,
  SITE_PAGE_KINDS,
  SitePagesErrors,
  siteContentProblem,
  type LiveSitePage,
  type SitePageContentOf,
  type SitePageEditorState,
  type SitePageSummary,
} from '@spatia/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import type { Person } from '../../test/works-fixtures.js';
import { defaultSitePageContent } from './default-content/index.js';

let testApp: TestApp;
let admin: Person;
let customer: Person;

beforeAll(async () => {
  ({ testApp, admin, customer } = await appWithPeople({
    admin: { roles: [Role.admin], name: 'Site Editor' },
    customer: { roles: [Role.customer] },
  }));
});
afterAll(() => testApp.close());

const data = <T>(response: LightMyRequestResponse) => json<{ data: T }>(response).data;
const codeOf = (response: LightMyRequestResponse) => json<{ code: number }>(response).code;
const anonymous = (url: string) => testApp.app.inject({ method: 'GET', url });

/** The shipped product page with the hero's title changed in both languages. */
function productWithTitles(zh: string, en: string): SitePageContentOf<'product'> {
  const content = defaultSitePageContent('product');
  content.zh.hero.title = zh;
  content.en.hero.title = en;
  return content;
}

describe('the shipped content', () => {
  it('is valid for every kind, in both languages', () => {
    for (const kind of SITE_PAGE_KINDS) expect(siteContentProblem(kind, defaultSitePageContent(kind)), kind).toBeNull();
  });

  it('is each page’s live version 1 on a fresh install, for anyone, the protocols with their sections', async () => {
    const response = await anonymous('/api/open/sitePages/userProtocol');
    expect(response.statusCode).toBe(200);
    const page = data<LiveSitePage<'userProtocol'>>(response);
    expect(page).toMatchObject({ kind: 'userProtocol', version: 1, publishedAt: null });
    expect(page.content.zh.title).toBe('用户协议');
    expect(page.content.en.sections.length).toBeGreaterThan(3);
  });

  it('keeps the enterprise contact block through the response’s shapes (not mistaken for the product page)', async () => {
    const page = data<LiveSitePage<'enterprise'>>(await anonymous('/api/open/sitePages/enterprise'));
    expect(page.content.en.contact.title).toBe(defaultSitePageContent('enterprise').en.contact.title);
  });

  it('refuses a kind that is not a page', async () => {
    const response = await anonymous('/api/open/sitePages/home');
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe(ErrorCode.validation);
  });
});

describe('editing, publishing and restoring', () => {
  it('saves a draft the public does not see, publishes it as version 2, and names who did it', async () => {
    const editor = data<SitePageEditorState<'product'>>(await admin.call('GET', '/api/admin/sitePages/product'));
    expect(editor).toMatchObject({ draft: null, live: { version: 1 } });
    expect(editor.versions).toEqual([expect.objectContaining({ version: 1, status: 'published', live: true, publishedBy: '' })]);

    const saved = await admin.call('PUT', '/api/admin/sitePages/product/draft', {
      content: productWithTitles('空间，一键上线', 'Spaces online in a click'),
      draftVersion: null,
    });
    expect(saved.statusCode).toBe(200);
    const draft = data<SitePageEditorState<'product'>>(saved).draft!;
    expect(draft).toMatchObject({ version: 2, editedBy: 'Site Editor' });
    expect(data<LiveSitePage<'product'>>(await anonymous('/api/open/sitePages/product')).content.en.hero.title).not.toBe(
      'Spaces online in a click',
    );

    // Saved again from the same draft: the same version, changed.
    const again = await admin.call('PUT', '/api/admin/sitePages/product/draft', {
      content: productWithTitles('空间，一键上线！', 'Spaces online in one click'),
      draftVersion: 2,
    });
    expect(data<SitePageEditorState>(again).draft!.version).toBe(2);

    const published = await admin.call('POST', '/api/admin/sitePages/product/publish', { draftVersion: 2 });
    expect(published.statusCode).toBe(200);
    const state = data<SitePageEditorState<'product'>>(published);
    expect(state.draft).toBeNull();
    expect(state.live.version).toBe(2);
    expect(state.versions[0]).toMatchObject({ version: 2, status: 'published', live: true, publishedBy: 'Site Editor' });

    const live = data<LiveSitePage<'product'>>(await anonymous('/api/open/sitePages/product'));
    expect(live).toMatchObject({
      version: 2,
      content: { zh: { hero: { title: '空间，一键上线！' } }, en: { hero: { title: 'Spaces online in one click' } } },
    });
    expect(live.publishedAt).toBeGreaterThan(0);

    const summaries = data<SitePageSummary[]>(await admin.call('GET', '/api/admin/sitePages'));
    expect(summaries.map((summary) => summary.kind)).toEqual([...SITE_PAGE_KINDS]);
    expect(summaries.find((summary) => summary.kind === 'product')).toMatchObject({
      liveVersion: 2,
      publishedBy: 'Site Editor',
      draftVersion: null,
      changedBy: 'Site Editor',
    });
    expect(summaries.find((summary) => summary.kind === 'enterprise')).toMatchObject({ liveVersion: 1, changedAt: null });

    // The admin log has the publication.
    const log = data<{ list: { action: string; targetId: string }[] }>(await admin.call('GET', '/api/admin/log?pageSize=5'));
    expect(log.list[0]).toMatchObject({ action: 'sitePage.publish', targetId: 'product' });
  });

  it('restores the shipped version as a new draft, which publishing makes live again; the versions in between stay', async () => {
    const restored = await admin.call('POST', '/api/admin/sitePages/product/versions/1/restore');
    expect(restored.statusCode).toBe(200);
    const state = data<SitePageEditorState<'product'>>(restored);
    expect(state.draft).toMatchObject({ version: 3 });
    expect(state.draft!.content.en.hero.title).toBe(defaultSitePageContent('product').en.hero.title);
    expect(state.versions[0]).toMatchObject({ version: 3, status: 'draft', restoredFrom: 1 });

    const old = data<{ content: SitePageContentOf<'product'> }>(await admin.call('GET', '/api/admin/sitePages/product/versions/2'));
    expect(old.content.en.hero.title).toBe('Spaces online in one click');

    await admin.call('POST', '/api/admin/sitePages/product/publish', { draftVersion: 3 });
    const live = data<LiveSitePage<'product'>>(await anonymous('/api/open/sitePages/product'));
    expect(live.version).toBe(3);
    expect(live.content.en.hero.title).toBe(defaultSitePageContent('product').en.hero.title);
  });

  it('throws a draft away, leaving the live version', async () => {
    await admin.call('PUT', '/api/admin/sitePages/clientDownload/draft', {
      content: defaultSitePageContent('clientDownload'),
      draftVersion: null,
    });
    const discarded = await admin.call('DELETE', '/api/admin/sitePages/clientDownload/draft');
    expect(data<SitePageEditorState>(discarded)).toMatchObject({ draft: null, live: { version: 1 } });
  });
});

describe('what is refused', () => {
  it('content that does not fit its kind: the field and the rule are named', async () => {
    const content = defaultSitePageContent('product');
    content.en.hero.title = '';
    const missing = await admin.call('PUT', '/api/admin/sitePages/product/draft', { content, draftVersion: null });
    expect(missing.statusCode).toBe(400);
    expect(codeOf(missing)).toBe(SitePagesErrors.sitePageContentInvalid.code);
    expect(json<{ msg: string }>(missing).msg).toContain('en.hero.title');

    const script = defaultSitePageContent('product');
    script.zh.hero.ctaLink = 'javascript:alert(1)';
    const badLink = await admin.call('PUT', '/api/admin/sitePages/product/draft', { content: script, draftVersion: null });
    expect(json<{ msg: string }>(badLink).msg).toContain('zh.hero.ctaLink');

    const extra = await admin.call('PUT', '/api/admin/sitePages/product/draft', {
      content: { ...defaultSitePageContent('product'), fr: {} },
      draftVersion: null,
    });
    expect(codeOf(extra)).toBe(SitePagesErrors.sitePageContentInvalid.code);

    // The enterprise page's shape is not the product page's.
    const wrongKind = await admin.call('PUT', '/api/admin/sitePages/enterprise/draft', {
      content: defaultSitePageContent('product'),
      draftVersion: null,
    });
    expect(codeOf(wrongKind)).toBe(SitePagesErrors.sitePageContentInvalid.code);
  });

  it('publishing with no draft, or a draft equal to the live version', async () => {
    const none = await admin.call('POST', '/api/admin/sitePages/privacyProtocol/publish', { draftVersion: 2 });
    expect(none.statusCode).toBe(409);
    expect(codeOf(none)).toBe(SitePagesErrors.sitePageNoDraft.code);

    await admin.call('PUT', '/api/admin/sitePages/privacyProtocol/draft', {
      content: defaultSitePageContent('privacyProtocol'),
      draftVersion: null,
    });
    const unchanged = await admin.call('POST', '/api/admin/sitePages/privacyProtocol/publish', { draftVersion: 2 });
    expect(unchanged.statusCode).toBe(409);
    expect(codeOf(unchanged)).toBe(SitePagesErrors.sitePageDraftUnchanged.code);
  });

  it('a save or a publication of a draft other than the one edited (someone restored meanwhile)', async () => {
    const stale = await admin.call('PUT', '/api/admin/sitePages/privacyProtocol/draft', {
      content: defaultSitePageContent('privacyProtocol'),
      draftVersion: null,
    });
    expect(stale.statusCode).toBe(409);
    expect(codeOf(stale)).toBe(SitePagesErrors.sitePageDraftChanged.code);
    const publishOther = await admin.call('POST', '/api/admin/sitePages/privacyProtocol/publish', { draftVersion: 7 });
    expect(codeOf(publishOther)).toBe(SitePagesErrors.sitePageDraftChanged.code);
  });

  it('restoring or reading a version the page does not have (a draft is not a published version)', async () => {
    const unknown = await admin.call('POST', '/api/admin/sitePages/product/versions/99/restore');
    expect(unknown.statusCode).toBe(404);
    expect(codeOf(unknown)).toBe(SitePagesErrors.sitePageVersionNotFound.code);
    const draft = await admin.call('GET', '/api/admin/sitePages/privacyProtocol/versions/2');
    expect(codeOf(draft)).toBe(SitePagesErrors.sitePageVersionNotFound.code);
  });

  it('every back-office call to anyone but an admin', async () => {
    const calls: [Parameters<Person['call']>[0], string, Record<string, unknown>?][] = [
      ['GET', '/api/admin/sitePages'],
      ['GET', '/api/admin/sitePages/product'],
      ['GET', '/api/admin/sitePages/product/versions/1'],
      ['PUT', '/api/admin/sitePages/product/draft', { content: defaultSitePageContent('product'), draftVersion: null }],
      ['DELETE', '/api/admin/sitePages/product/draft'],
      ['POST', '/api/admin/sitePages/product/publish', { draftVersion: 4 }],
      ['POST', '/api/admin/sitePages/product/versions/1/restore'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await customer.call(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await testApp.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(data<SitePageEditorState>(await admin.call('GET', '/api/admin/sitePages/product')).draft).toBeNull();
  });
});
