import {
  ArticleErrors,
  GeneralErrors,
  Role,
  UploadErrors,
  type AdminArticle,
  type AdminArticleDetail,
  type ArticleCard,
  type ArticleDetail,
  type ArticleNode,
  type Page,
} from '@spatia/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithPeople } from '../../test/app-with-people.js';
import { postFile } from '../../test/multipart.js';
import { authHeaders, dataOf, json, type TestApp } from '../../test/test-app.js';
import { samplePng, type Person } from '../../test/works-fixtures.js';
import { articles } from './articles.tables.js';

let testApp: TestApp;
let admin: Person;
let reader: Person;

beforeAll(async () => {
  ({ testApp, admin, reader } = await appWithPeople({ admin: { roles: [Role.admin], name: '编辑小李' }, reader: { name: 'Reader' } }));
});
afterAll(() => testApp.close());

const codeOf = (response: LightMyRequestResponse) => json(response).code;

function call(as: Person | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...(as ? authHeaders(as.token) : {}), cookie: 'language=en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const paragraphs = (...texts: string[]): ArticleNode => ({
  type: 'doc',
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

const draftOf = (overrides: Partial<{ title: string; summary: string; coverUrl: string; category: string; content: unknown }> = {}) => ({
  title: '全景拍摄入门',
  summary: '从器材到出片的第一课',
  coverUrl: '',
  category: 'courseGuide',
  content: paragraphs('三脚架放稳，镜头节点对准。'),
  ...overrides,
});

async function written(overrides: Parameters<typeof draftOf>[0] = {}): Promise<AdminArticleDetail> {
  const response = await call(admin, 'POST', '/api/admin/articles', draftOf(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<AdminArticleDetail>(response);
}

async function published(overrides: Parameters<typeof draftOf>[0] = {}): Promise<AdminArticleDetail> {
  const article = await written(overrides);
  const response = await call(admin, 'POST', `/api/admin/articles/${article.id}/publish`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<AdminArticleDetail>(response);
}

async function uploadedImage(): Promise<string> {
  const response = await postFile(testApp.app, '/api/admin/articles/images', admin.token, {
    fileName: 'pasted.png',
    contentType: 'image/png',
    bytes: await samplePng(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ url: string }>(response).url;
}

describe('writing articles (admins only)', () => {
  it('creates a draft with rendered, sanitised HTML and its author, hidden from the public', async () => {
    const article = await written({
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '准备' }] },
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'see', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
        ],
      },
    });
    expect(article).toMatchObject({ status: 'draft', category: 'courseGuide', authorName: '编辑小李', publishAt: null });
    expect(article.html).toBe('<h2>准备</h2><p>see</p>');
    expect((await call(undefined, 'GET', `/api/open/articles/${article.id}`)).statusCode).toBe(404);
    expect(codeOf(await call(undefined, 'GET', `/api/open/articles/${article.id}`))).toBe(ArticleErrors.articleNotFound.code);
  });

  it('refuses people who are not admins, and the signed out', async () => {
    expect((await call(reader, 'POST', '/api/admin/articles', draftOf())).statusCode).toBe(403);
    expect((await call(undefined, 'POST', '/api/admin/articles', draftOf())).statusCode).toBe(401);
    expect((await call(reader, 'GET', '/api/admin/articles')).statusCode).toBe(403);
    const upload = await postFile(testApp.app, '/api/admin/articles/images', reader.token, {
      fileName: 'a.png',
      contentType: 'image/png',
      bytes: await samplePng(),
    });
    expect(upload.statusCode).toBe(403);
    expect((await call(reader, 'POST', '/api/admin/articles/reorder', { category: 'news', ids: [1] })).statusCode).toBe(403);
  });

  it('refuses bad input: unknown category, a title too long, a document that is not one, media from elsewhere', async () => {
    expect(codeOf(await call(admin, 'POST', '/api/admin/articles', draftOf({ category: 'gossip' })))).toBe(GeneralErrors.validation.code);
    expect(codeOf(await call(admin, 'POST', '/api/admin/articles', draftOf({ title: 'x'.repeat(121) })))).toBe(
      GeneralErrors.validation.code,
    );
    const notDoc = await call(admin, 'POST', '/api/admin/articles', draftOf({ content: { type: 'paragraph' } }));
    expect(codeOf(notDoc)).toBe(ArticleErrors.articleContentInvalid.code);
    let deep: unknown = { type: 'text', text: 'x' };
    for (let index = 0; index < 40; index += 1) deep = { type: 'blockquote', content: [deep] };
    expect(codeOf(await call(admin, 'POST', '/api/admin/articles', draftOf({ content: { type: 'doc', content: [deep] } })))).toBe(
      ArticleErrors.articleContentInvalid.code,
    );
    const foreignImage = { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://evil.example/a.png' } }] };
    expect(codeOf(await call(admin, 'POST', '/api/admin/articles', draftOf({ content: foreignImage })))).toBe(
      ArticleErrors.articleMediaUrlInvalid.code,
    );
    expect(codeOf(await call(admin, 'POST', '/api/admin/articles', draftOf({ coverUrl: '/files/avatars/u/a.webp' })))).toBe(
      ArticleErrors.articleMediaUrlInvalid.code,
    );
  });

  it('saves a draft, moving it to the end of a new category', async () => {
    const article = await written({ category: 'cases' });
    const cover = await uploadedImage();
    const saved = await call(
      admin,
      'PUT',
      `/api/admin/articles/${article.id}`,
      draftOf({ title: '改过的标题', coverUrl: cover, category: 'news' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AdminArticleDetail>(saved)).toMatchObject({ title: '改过的标题', coverUrl: cover, category: 'news', status: 'draft' });
    expect((await call(admin, 'GET', `/api/admin/articles/${article.id}`)).json()).toMatchObject({ data: { title: '改过的标题' } });
    expect((await call(admin, 'PUT', '/api/admin/articles/999999', draftOf())).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/admin/articles/999999')).statusCode).toBe(404);
  });

  it('publishes now, once: a published article cannot be published again; an empty one not at all', async () => {
    const article = await published();
    expect(article.status).toBe('published');
    const again = await call(admin, 'POST', `/api/admin/articles/${article.id}/publish`);
    expect([again.statusCode, codeOf(again)]).toEqual([409, ArticleErrors.articleAlreadyPublished.code]);
    const empty = await written({ title: '', content: { type: 'doc', content: [{ type: 'paragraph' }] } });
    expect(codeOf(await call(admin, 'POST', `/api/admin/articles/${empty.id}/publish`))).toBe(ArticleErrors.articleIncomplete.code);
    expect((await call(admin, 'POST', '/api/admin/articles/999999/publish')).statusCode).toBe(404);
    expect((await call(reader, 'POST', `/api/admin/articles/${empty.id}/publish`)).statusCode).toBe(403);
  });

  it('schedules for a future time: hidden until then, visible from then on (a rule of the query, no job)', async () => {
    const article = await written({ title: '定时发布的文章' });
    const past = await call(admin, 'POST', `/api/admin/articles/${article.id}/schedule`, { publishAt: Date.now() - 1000 });
    expect([past.statusCode, codeOf(past)]).toEqual([400, ArticleErrors.articleScheduleInPast.code]);
    const at = Date.now() + 60 * 60_000;
    const scheduled = dataOf<AdminArticleDetail>(
      await call(admin, 'POST', `/api/admin/articles/${article.id}/schedule`, { publishAt: at }),
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: at });
    expect((await call(undefined, 'GET', `/api/open/articles/${article.id}`)).statusCode).toBe(404);
    const filtered = dataOf<Page<AdminArticle>>(await call(admin, 'GET', '/api/admin/articles?status=scheduled'));
    expect(filtered.list.map((row) => row.id)).toContain(article.id);

    // The time comes.
    await testApp.app.services.database.db
      .update(articles)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, article.id));
    expect((await call(undefined, 'GET', `/api/open/articles/${article.id}`)).statusCode).toBe(200);
    const live = await call(admin, 'POST', `/api/admin/articles/${article.id}/schedule`, { publishAt: at });
    expect(codeOf(live)).toBe(ArticleErrors.articleAlreadyPublished.code);
  });

  it('unpublishes a published or scheduled article, and nothing else', async () => {
    const article = await published();
    const hidden = dataOf<AdminArticleDetail>(await call(admin, 'POST', `/api/admin/articles/${article.id}/unpublish`));
    expect(hidden.status).toBe('unpublished');
    expect((await call(undefined, 'GET', `/api/open/articles/${article.id}`)).statusCode).toBe(404);
    const again = await call(admin, 'POST', `/api/admin/articles/${article.id}/unpublish`);
    expect([again.statusCode, codeOf(again)]).toEqual([409, ArticleErrors.articleNotPublished.code]);
    const draft = await written();
    expect(codeOf(await call(admin, 'POST', `/api/admin/articles/${draft.id}/unpublish`))).toBe(ArticleErrors.articleNotPublished.code);
    // Published again, it is back.
    expect((await call(admin, 'POST', `/api/admin/articles/${article.id}/publish`)).statusCode).toBe(200);
    expect((await call(undefined, 'GET', `/api/open/articles/${article.id}`)).statusCode).toBe(200);
  });

  it('deletes', async () => {
    const article = await published();
    expect((await call(reader, 'DELETE', `/api/admin/articles/${article.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/admin/articles/${article.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/admin/articles/${article.id}`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/open/articles/${article.id}`)).statusCode).toBe(404);
  });

  it('lists for the back office by category, status and words of the title', async () => {
    const mine = await written({ title: 'Drone Panorama Basics', category: 'news' });
    const page = dataOf<Page<AdminArticle>>(
      await call(admin, 'GET', '/api/admin/articles?category=news&status=draft&title=drone%20PANORAMA'),
    );
    expect(page.list.map((row) => row.id)).toEqual([mine.id]);
    expect(page.list[0]).not.toHaveProperty('content');
    expect(codeOf(await call(admin, 'GET', '/api/admin/articles?status=lost'))).toBe(GeneralErrors.validation.code);
  });
});

describe('the order within a category', () => {
  it('puts new articles first, and reorders those named among the places they held', async () => {
    const [a, b, c] = [await published({ category: 'cases', title: 'A' }), await published({ category: 'cases', title: 'B' })].concat(
      await published({ category: 'cases', title: 'C' }),
    );
    const order = async () =>
      dataOf<Page<ArticleCard>>(await call(undefined, 'GET', '/api/open/articles?category=cases&pageSize=50'))
        .list.map((row) => row.id)
        .filter((id) => [a!.id, b!.id, c!.id].includes(id));
    expect(await order()).toEqual([c!.id, b!.id, a!.id]);
    expect((await call(admin, 'POST', '/api/admin/articles/reorder', { category: 'cases', ids: [a!.id, c!.id, b!.id] })).statusCode).toBe(
      200,
    );
    expect(await order()).toEqual([a!.id, c!.id, b!.id]);
    // Two of them swapped: the third keeps its place.
    expect((await call(admin, 'POST', '/api/admin/articles/reorder', { category: 'cases', ids: [b!.id, c!.id] })).statusCode).toBe(200);
    expect(await order()).toEqual([a!.id, b!.id, c!.id]);
  });

  it('refuses ids of another category, unknown ids and repeats', async () => {
    const news = await written({ category: 'news' });
    const cases = await written({ category: 'cases' });
    for (const ids of [
      [news.id, cases.id],
      [cases.id, 999_999],
      [cases.id, cases.id],
    ]) {
      const response = await call(admin, 'POST', '/api/admin/articles/reorder', { category: 'cases', ids });
      expect([response.statusCode, codeOf(response)]).toEqual([400, ArticleErrors.articleReorderMismatch.code]);
    }
    expect(codeOf(await call(admin, 'POST', '/api/admin/articles/reorder', { category: 'cases', ids: [] }))).toBe(
      GeneralErrors.validation.code,
    );
  });
});

describe('reading articles (anyone)', () => {
  it('answers a published article with its HTML and related articles, its category first', async () => {
    const image = await uploadedImage();
    const main = await published({
      category: 'news',
      title: '新闻一',
      content: { type: 'doc', content: [{ type: 'image', attrs: { src: image, alt: '图' } }, ...paragraphs('正文').content!] },
    });
    const sameCategory = await published({ category: 'news', title: '新闻二' });
    await published({ category: 'courseGuide', title: '课程' });
    const detail = dataOf<ArticleDetail>(await call(undefined, 'GET', `/api/open/articles/${main.id}`));
    expect(detail).toMatchObject({ id: main.id, title: '新闻一', category: 'news', authorName: '编辑小李' });
    expect(detail.html).toBe(`<img src="${image}" alt="图" loading="lazy" /><p>正文</p>`);
    expect(detail.related[0]!.id).toBe(sameCategory.id);
    expect(detail.related.map((row) => row.id)).not.toContain(main.id);
    expect(detail.related.length).toBeGreaterThan(1);
    expect(detail.related.some((row) => row.category !== 'news')).toBe(true);
    expect(detail).not.toHaveProperty('content');
    // The image is served to anyone.
    expect((await testApp.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
  });

  it('lists published articles only, by category, with pages', async () => {
    const draft = await written({ category: 'courseGuide' });
    const page = dataOf<Page<ArticleCard>>(await call(undefined, 'GET', '/api/open/articles?category=courseGuide&pageSize=2&pageNum=1'));
    expect(page.list.length).toBeLessThanOrEqual(2);
    expect(page.list.every((row) => row.category === 'courseGuide')).toBe(true);
    const all = dataOf<Page<ArticleCard>>(await call(undefined, 'GET', '/api/open/articles?pageSize=50'));
    expect(all.list.map((row) => row.id)).not.toContain(draft.id);
    expect(all.list[0]).not.toHaveProperty('html');
    expect(codeOf(await call(undefined, 'GET', '/api/open/articles?category=gossip'))).toBe(GeneralErrors.validation.code);
    expect(codeOf(await call(undefined, 'GET', '/api/open/articles?pageSize=500'))).toBe(GeneralErrors.validation.code);
    expect((await call(undefined, 'GET', '/api/open/articles/abc')).statusCode).toBe(400);
  });
});

describe('the editor’s uploads', () => {
  it('stores a pasted image as WebP under /files/articles, and refuses what is not an image', async () => {
    const url = await uploadedImage();
    expect(url).toMatch(/^\/files\/articles\/images\/[0-9a-f]{64}\.webp$/);
    const text = await postFile(testApp.app, '/api/admin/articles/images', admin.token, {
      fileName: 'a.png',
      contentType: 'image/png',
      bytes: Buffer.from('<svg onload=alert(1)>'),
    });
    expect([text.statusCode, codeOf(text)]).toEqual([415, UploadErrors.unsupportedImage.code]);
    const big = await postFile(testApp.app, '/api/admin/articles/images', admin.token, {
      fileName: 'big.png',
      contentType: 'image/png',
      bytes: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    expect([big.statusCode, codeOf(big)]).toEqual([413, UploadErrors.uploadTooLarge.code]);
    expect((await call(admin, 'POST', '/api/admin/articles/images', {})).statusCode).toBe(400);
  });

  it('stores an MP4 or WebM video and refuses other files', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);
    const response = await postFile(testApp.app, '/api/admin/articles/videos', admin.token, {
      fileName: 'a.mp4',
      contentType: 'video/mp4',
      bytes: mp4,
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = dataOf<{ url: string }>(response).url;
    expect(url).toMatch(/^\/files\/articles\/videos\/[0-9a-f]{64}\.mp4$/);
    const served = await testApp.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'video/mp4']);
    const png = await postFile(testApp.app, '/api/admin/articles/videos', admin.token, {
      fileName: 'a.mp4',
      contentType: 'video/mp4',
      bytes: await samplePng(),
    });
    expect([png.statusCode, codeOf(png)]).toEqual([415, ArticleErrors.articleVideoUnsupported.code]);
    const byReader = await postFile(testApp.app, '/api/admin/articles/videos', reader.token, {
      fileName: 'a.mp4',
      contentType: 'video/mp4',
      bytes: mp4,
    });
    expect(byReader.statusCode).toBe(403);
  });
});
