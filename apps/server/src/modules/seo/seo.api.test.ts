import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedWork } from '../../test/market-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWork, person, publishedWork, type Person } from '../../test/works-fixtures.js';

let testApp: TestApp;
let owner: Person;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-seo-'));
const ORIGIN = 'https://spatia.example.com';

beforeAll(async () => {
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>设计软件云服务平台</title></head><body><div id="root"></div></body></html>',
  );
  testApp = await createTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: ORIGIN });
  owner = await person(testApp.app);
});
afterAll(() => testApp.close());

const page = (url: string, language = 'en') => testApp.app.inject({ method: 'GET', url, headers: { cookie: `language=${language}` } });

describe('robots.txt', () => {
  it('lets crawlers into the public site, keeps them out of the console and the API, and names the sitemap', async () => {
    const response = await page('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Disallow: /dashboard/');
    expect(response.body).not.toMatch(/Disallow: \/(market|details|guide)/);
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the site’s pages, the works anyone may open and the market items on sale, and nothing else', async () => {
    const published = await publishedWork(testApp.app, owner, '公开作品');
    const draft = await createWork(owner, { name: '草稿' });
    const { listing } = await listedWork(testApp.app, owner, { name: '在售作品' });
    const response = await page('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain(`<loc>${ORIGIN}/</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/guide</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}/details/${published.uid}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(xml).toContain(`<loc>${ORIGIN}/marketDetails/${listing.id}</loc>`);
    expect(xml).not.toContain(draft.uid);
    expect(xml).not.toContain('/dashboard');
  });
});

describe('link previews and the crawler summary', () => {
  it('describes a site page in the reader’s language, with the text and the sections inside the root', async () => {
    const zh = (await page('/guide', 'zh')).body;
    expect(zh).toContain('<title>课程指南 - Spatia 空间云</title>');
    const en = (await page('/guide')).body;
    expect(en).toContain('<title>Course guide - Spatia</title>');
    expect(en).toMatch(/<div id="root"><main data-crawler-summary[^>]*><h1[^>]*>Course guide - Spatia<\/h1>/);
    expect(en).toContain(`<a href="${ORIGIN}/market">Market</a>`);
  });

  it('describes a market item on sale by its work, price and cover; not one taken off', async () => {
    const { listing } = await listedWork(testApp.app, owner, { name: '湖景 <别墅>', price: '1234.50' });
    const html = (await page(`/marketDetails/${listing.id}`)).body;
    expect(html).toContain('<title>湖景 &#60;别墅&#62; - Spatia</title>');
    expect(html).toContain('content="Price ¥1,234.50');
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/marketDetails/${listing.id}" />`);
    const { listing: pending } = await listedWork(testApp.app, owner, { name: '待审', approve: false });
    expect((await page(`/marketDetails/${pending.id}`)).body).not.toContain('og:title');
  });

  it('describes a personal homepage by name and counts; an unknown person keeps the site title', async () => {
    await publishedWork(testApp.app, owner, '主页作品');
    const html = (await page(`/userWork/${owner.uid}`)).body;
    expect(html).toMatch(/<meta property="og:description" content="\d+ public works? · 0 followers" \/>/);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/userWork/${owner.uid}" />`);
    expect((await page('/userWork/nobody')).body).toContain('<title>设计软件云服务平台</title>');
  });

  it('leaves console pages as built', async () => {
    const html = (await page('/dashboard/dashboard')).body;
    expect(html).toContain('<title>设计软件云服务平台</title>');
    expect(html).toContain('<div id="root"></div>');
  });
});
