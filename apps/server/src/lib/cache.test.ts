import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache, RedisCache, type Cache } from './cache.js';

afterEach(() => {
  vi.useRealTimers();
});

const redisUrl = process.env.REDIS_URL;
const implementations: [string, () => Cache][] = [['memory', () => new MemoryCache(3)]];
if (redisUrl) implementations.push(['redis', () => new RedisCache(redisUrl, `spatia-test-${process.pid}:`)]);

describe.each(implementations)('%s cache', (_name, create) => {
  it('stores, reads and deletes JSON values', async () => {
    const cache = create();
    await cache.set('a', { n: 1, list: [1, 2] }, 10);
    expect(await cache.get('a')).toEqual({ n: 1, list: [1, 2] });
    await cache.delete('a');
    expect(await cache.get('a')).toBeUndefined();
    await cache.close();
  });

  it('gives a value taken by several callers at once to one of them', async () => {
    const cache = create();
    await cache.set('state', { userId: 7 }, 10);
    const taken = await Promise.all([cache.take('state'), cache.take('state'), cache.take('state')]);
    expect(taken.filter((value) => value !== undefined)).toEqual([{ userId: 7 }]);
    expect(await cache.get('state')).toBeUndefined();
    await cache.close();
  });
});

describe('MemoryCache', () => {
  it('forgets entries when they expire', async () => {
    vi.useFakeTimers();
    const cache = new MemoryCache();
    await cache.set('k', 'v', 2);
    vi.advanceTimersByTime(1999);
    expect(await cache.get('k')).toBe('v');
    vi.advanceTimersByTime(2);
    expect(await cache.get('k')).toBeUndefined();
  });

  it('evicts the oldest entry when full', async () => {
    const cache = new MemoryCache(2);
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    await cache.set('c', 3, 60);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
  });
});
