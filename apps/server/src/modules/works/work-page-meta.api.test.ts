import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWork, person, publishedWork, type Person } from '../../test/works-fixtures.js';

let testApp: TestApp;
let owner: Person;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-web-'));

beforeAll(async () => {
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>设计软件云服务平台</title></head><body></body></html>');
  testApp = await createTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://spatia.example.com' });
  owner = await person(testApp.app);
});
afterAll(() => testApp.close());

const page = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { cookie: 'language=en' } });

describe('link previews of /details/{id}', () => {
  it("puts an online work's name, description and cover into Open Graph and WeChat tags, escaped", async () => {
    const work = await publishedWork(testApp.app, owner, '江景 <房>');
    await owner.call('PATCH', `/api/model/${work.uid}/attr`, new URLSearchParams({ description: '南向 "采光" & 视野' }).toString());
    const response = await page(`/details/${work.uid}?from=share`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>江景 &#60;房&#62; - Spatia</title>');
    expect(html).toContain('<meta property="og:description" content="南向 &#34;采光&#34; &#38; 视野" />');
    expect(html).toContain(`<meta property="og:url" content="https://spatia.example.com/details/${work.uid}" />`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/spatia\.example\.com\/files\/covers\/[^"]+\.webp" \/>/);
    expect(html).toMatch(/<meta itemprop="image" content="https:\/\/spatia\.example\.com\/files\/covers\//);
  });

  it('may be framed by any site (the embed code), while other pages stay unframeable', async () => {
    const work = await publishedWork(testApp.app, owner, '嵌入');
    const embedded = await page(`/details/${work.uid}?embed=1`);
    expect(embedded.headers['x-frame-options']).toBeUndefined();
    expect(embedded.headers['content-security-policy']).toContain('frame-ancestors *');
    const home = await page('/');
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it("gives drafts and unknown works the site's own title", async () => {
    const draft = await createWork(owner, { name: '草稿' });
    for (const url of [`/details/${draft.uid}`, '/details/nope']) {
      const html = (await page(url)).body;
      expect(html).toContain('<title>设计软件云服务平台</title>');
      expect(html).not.toContain('og:title');
    }
  });
});
