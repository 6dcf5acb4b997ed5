import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter.js';

const redisUrl = process.env.REDIS_URL;
const implementations: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]];
if (redisUrl) implementations.push(['redis', () => new RedisRateLimiter(redisUrl, `spatia-test-${process.pid}-${Date.now()}:`)]);

describe.each(implementations)('%s rate limiter', (_name, create) => {
  it('allows up to the limit in a window, then says how long to wait', async () => {
    const limiter = create();
    expect((await limiter.hit('phone:1', 2, 60)).allowed).toBe(true);
    expect((await limiter.hit('phone:1', 2, 60)).allowed).toBe(true);
    const refused = await limiter.hit('phone:1', 2, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit('phone:2', 2, 60)).allowed).toBe(true);
    await limiter.reset('phone:1');
    expect((await limiter.hit('phone:1', 2, 60)).allowed).toBe(true);
    await limiter.close();
  });
});

describe('MemoryRateLimiter', () => {
  it('opens a new window when the old one ends', async () => {
    const clock = { now: 0 };
    const limiter = new MemoryRateLimiter(() => clock.now);
    await limiter.hit('k', 1, 10);
    expect((await limiter.hit('k', 1, 10)).retryAfterSeconds).toBe(10);
    clock.now = 7_500;
    expect((await limiter.hit('k', 1, 10)).retryAfterSeconds).toBe(3);
    clock.now = 10_000;
    expect((await limiter.hit('k', 1, 10)).allowed).toBe(true);
  });
});
