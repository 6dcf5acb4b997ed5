import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { declaredRoutesOf } from './api-docs.js';

/**
 * Every endpoint declares who may call it (docs/access.md): `config.auth` is 'anyone', 'public',
 * 'signedIn', a role or a permission id. A route that declares nothing fails here, by name.
 */
let testApp: TestApp;
beforeAll(async () => {
  // A web app to serve (its files become routes) and WeChat sign-in on, so that their routes are walked too.
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'spatia-route-rules-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Spatia</title>');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};');
  testApp = await createTestApp({
    WEB_DIST_DIR: webDist,
    WECHAT_APP_ID: 'wx-route-rules',
    WECHAT_APP_SECRET: 'route-rules-secret',
  });
  await testApp.app.ready();
});
afterAll(() => testApp.close());

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

describe('route rules', () => {
  it('every operation of /api/openapi.json carries its rule in x-auth', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ paths: Record<string, Record<string, { 'x-auth'?: string }>> }>();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, rule: operation['x-auth'] })),
    );
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.some((operation) => operation.name.startsWith('GET /api/open/wechat/'))).toBe(true);
    const undeclared = operations.filter((operation) => operation.rule === undefined).map((operation) => operation.name);
    expect(undeclared, 'operations without config.auth').toEqual([]);
    for (const { name, rule } of operations) {
      expect(rule, name).toMatch(/^(public|signedIn|role:[a-z]+(\|[a-z]+)*|permission:\d+)$/);
    }
  });

  it('every route, the hidden ones (files, tus, the docs UI, the web app’s files) included, declares a rule', () => {
    const routes = declaredRoutesOf(testApp.app);
    expect(routes.some((route) => route.hidden && route.url === '/files/*')).toBe(true);
    expect(routes.some((route) => route.url.startsWith('/api/docs'))).toBe(true);
    expect(routes.some((route) => route.url === '/assets/index-abc123.js')).toBe(true);
    const undeclared = routes.filter((route) => route.auth === undefined).map((route) => `${route.method} ${route.url}`);
    expect(undeclared, 'routes without config.auth').toEqual([]);
  });
});
