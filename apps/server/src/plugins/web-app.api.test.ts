import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/test-app.js';

let testApp: TestApp;
const bundle = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'spatia-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bundle);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(bundle));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  testApp = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => testApp.close());

describe('serving the web app', () => {
  it('caches hashed assets for a year and serves the precompressed file', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toContain('javascript');
  });

  it('revalidates files without a hash', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers every page path with index.html (SPA fallback)', async () => {
    for (const url of ['/', '/dashboard/dashboard', '/details/abc?x=1', '/login']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("keeps unknown API paths as JSON 404 in the caller's language", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nothing/here', cookies: { language: 'en' } });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ code: 404, msg: 'No endpoint GET /api/nothing/here' });
  });

  it('compresses API answers for clients that accept it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
  });
});
