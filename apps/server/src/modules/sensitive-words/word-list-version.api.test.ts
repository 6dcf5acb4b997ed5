import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Role } from '@spatia/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { MemoryCache, RedisCache, type Cache } from '../../lib/cache.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { sharedTestApp } from '../../test/shared-test-app.js';
import { authHeaders, createUser, signIn } from '../../test/test-app.js';
import { SensitiveWordsRepository } from './sensitive-words.repository.js';
import { SensitiveWordsService, WORD_LIST_VERSION_KEY } from './sensitive-words.service.js';

/*
 * Two server processes in one test: two apps on one database and one cache (the same Redis when
 * REDIS_URL is set, each app with its own connection; else one shared memory cache standing in for it).
 */
const redisUrl = process.env.REDIS_URL;
const prefix = `spatia-test-${randomUUID()}:`;
const newCache = (shared: Cache): Cache => (redisUrl ? new RedisCache(redisUrl, prefix) : shared);

describe('a change made through one process is in force in the other at once', () => {
  let database: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = new MemoryCache();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-test-')),
      WEB_DIST_DIR: path.join(os.tmpdir(), 'spatia-no-web-app'),
    });
    first = await buildApp(config, { database: database.database, cache: newCache(shared), jobs: 'manual' });
    second = await buildApp(config, { database: database.database, cache: newCache(shared), jobs: 'manual' });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  it('adds through the first and the second refuses the word on its very next check; removes likewise', async () => {
    const adminUser = await createUser(first, { roles: [Role.admin] });
    const admin = authHeaders(await signIn(first, adminUser));
    const changeList = async (method: 'POST' | 'DELETE') => {
      const response = await first.inject({ method, url: '/api/admin/sensitiveWords', headers: admin, payload: { words: ['pachinko'] } });
      expect(response.statusCode, response.body).toBe(200);
    };
    // The second process has read (and keeps) the list before the change.
    await expect(second.services.sensitiveWords.assertClean('name', 'Pachinko parlour tour')).resolves.toBeUndefined();

    await changeList('POST');
    await expect(second.services.sensitiveWords.assertClean('name', 'Pachinko parlour tour')).rejects.toMatchObject({
      problem: 'sensitiveWords',
      problemParams: { words: 'pachinko' },
    });
    const publicList = await second.inject({ method: 'GET', url: '/api/sensitiveWordArray' });
    expect(publicList.json<{ data: string[] }>().data).toContain('pachinko');

    await changeList('DELETE');
    await expect(second.services.sensitiveWords.assertClean('name', 'Pachinko parlour tour')).resolves.toBeUndefined();
  });
});

describe('the cost of the version check', () => {
  const testApp = sharedTestApp();

  /** assertClean calls per second on the seeded list after a warm-up. */
  async function rate(moderation: SensitiveWordsService, calls: number): Promise<number> {
    for (let index = 0; index < 200; index += 1) await moderation.assertClean('name', '杭州西湖 360° 全景 sunrise tour');
    const started = performance.now();
    for (let index = 0; index < calls; index += 1) await moderation.assertClean('name', '杭州西湖 360° 全景 sunrise tour');
    return calls / ((performance.now() - started) / 1000);
  }

  it('reading the version on every check costs little next to the check itself (figures printed)', async () => {
    const repository = new SensitiveWordsRepository(testApp.app.services.database.db);
    const { adminLog } = testApp.app.services;
    const cache = new MemoryCache();
    await cache.set(WORD_LIST_VERSION_KEY, 'v1', 60);
    const everyCall = new SensitiveWordsService(repository, { cache, adminLog });
    // The baseline: a version read at most once an hour, i.e. the list straight from memory.
    const baseline = new SensitiveWordsService(repository, { cache, adminLog, versionCheckIntervalMs: 3_600_000 });
    // Alternated, best of three each: the machine is shared, and the slower runs are its noise.
    const baselineRates: number[] = [];
    const everyCallRates: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      baselineRates.push(await rate(baseline, 20_000));
      everyCallRates.push(await rate(everyCall, 20_000));
    }
    const [memoryBaseline, memoryEveryCall] = [Math.max(...baselineRates), Math.max(...everyCallRates)];
    const overheadMicroseconds = 1e6 / memoryEveryCall - 1e6 / memoryBaseline;
    const lines = [
      `assertClean on the seeded list: ${Math.round(memoryBaseline)}/s without a version read, ${Math.round(memoryEveryCall)}/s reading it from memory (+${overheadMicroseconds.toFixed(2)} µs a call)`,
    ];
    // A generous bound against noise; the printed figures are the measurement.
    expect(overheadMicroseconds).toBeLessThan(20);
    if (redisUrl) {
      const redis = new RedisCache(redisUrl, prefix);
      await redis.set(WORD_LIST_VERSION_KEY, 'v1', 60);
      const redisEveryCall = new SensitiveWordsService(repository, { cache: redis, adminLog });
      lines.push(`${Math.round(await rate(redisEveryCall, 2_000))}/s reading it from Redis`);
      await redis.close();
    }
    console.log(lines.join('; '));
  });
});

describe('when the version cannot be trusted', () => {
  /** A list in memory standing in for the table, counting its reads. */
  function fakeRepository(words: string[]) {
    let reads = 0;
    return {
      get reads() {
        return reads;
      },
      listWords: () => {
        reads += 1;
        return Promise.resolve([...words]);
      },
    };
  }
  const adminLog = {} as ConstructorParameters<typeof SensitiveWordsService>[1]['adminLog'];

  it('goes on checking while the cache is unreadable, reading the table at most once a minute', async () => {
    const table = fakeRepository(['heist']);
    let now = 0;
    const broken: Cache = {
      get: () => Promise.reject(new Error('redis down')),
      set: () => Promise.reject(new Error('redis down')),
      delete: () => Promise.resolve(),
      take: () => Promise.reject(new Error('redis down')),
      ping: () => Promise.reject(new Error('redis down')),
      close: () => Promise.resolve(),
    };
    const moderation = new SensitiveWordsService(table as unknown as SensitiveWordsRepository, { cache: broken, adminLog, now: () => now });
    await expect(moderation.assertClean('name', 'the heist')).rejects.toMatchObject({ problem: 'sensitiveWords' });
    await Promise.all([moderation.words(), moderation.words(), moderation.words()]);
    expect(table.reads).toBe(1);
    now = 61_000;
    await moderation.words();
    expect(table.reads).toBe(2);
  });

  it('reloads once when the version key is gone, and every five minutes whatever it says', async () => {
    const table = fakeRepository(['heist']);
    const cache = new MemoryCache();
    let now = 0;
    const moderation = new SensitiveWordsService(table as unknown as SensitiveWordsRepository, { cache, adminLog, now: () => now });
    await cache.set(WORD_LIST_VERSION_KEY, 'v1', 60);
    await moderation.words();
    await moderation.words();
    expect(table.reads).toBe(1);
    await cache.delete(WORD_LIST_VERSION_KEY);
    await moderation.words();
    await moderation.words();
    expect(table.reads).toBe(2);
    now = 5 * 60_000;
    await moderation.words();
    expect(table.reads).toBe(3);
  });
});
