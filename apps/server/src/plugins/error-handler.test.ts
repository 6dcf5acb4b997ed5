import Fastify from 'fastify';
import { ErrorCode } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { fail } from '../lib/app-error.js';
import { createLogger } from '../lib/logger.js';
import { errorHandlerPlugin } from './error-handler.js';
import { languagePlugin } from './language.js';

/** A bare app with the language and error-handler plugins, as the server registers them. */
async function appWithErrorHandler() {
  const app = Fastify();
  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin, { logger: createLogger('silent') });
  return app;
}

describe('every 429 carries Retry-After', () => {
  it('from the refusal when it says how long, else a minute; never on other failures', async () => {
    const app = await appWithErrorHandler();
    app.get('/seconds', async () => {
      throw fail('retryIn', { seconds: 7 });
    });
    app.get('/minutes', async () => {
      throw fail('accountLocked', { minutes: 3 });
    });
    app.get('/explicit', async () => {
      throw fail('accountLocked', { minutes: 3 }, 125.2);
    });
    app.get('/unsaid', async () => {
      throw fail('tooManyRequests');
    });
    app.get('/framework', async () => {
      throw Object.assign(new Error('slow down'), { statusCode: 429 });
    });
    app.get('/other', async () => {
      throw fail('invalidCredentials');
    });
    const header = async (url: string) => (await app.inject({ url })).headers['retry-after'];
    expect(await header('/seconds')).toBe('7');
    expect(await header('/minutes')).toBe('180');
    expect(await header('/explicit')).toBe('126');
    expect(await header('/unsaid')).toBe('60');
    const framework = await app.inject({ url: '/framework' });
    expect(framework.statusCode).toBe(429);
    expect(framework.json()).toMatchObject({ code: ErrorCode.tooManyRequests });
    expect(framework.headers['retry-after']).toBe('60');
    expect(await header('/other')).toBeUndefined();
    await app.close();
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 with Retry-After in the caller’s language, not 500', async () => {
    const app = await appWithErrorHandler();
    app.get('/down', async () => {
      throw Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    app.get('/broken', async () => {
      throw new Error('boom');
    });
    const down = await app.inject({ url: '/down', headers: { 'accept-language': 'en' } });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ code: ErrorCode.unavailable, msg: 'The service is restarting, please try again shortly' });
    const zh = await app.inject({ url: '/down', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().msg).toBe('服务正在重启，请稍后重试');
    const broken = await app.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
