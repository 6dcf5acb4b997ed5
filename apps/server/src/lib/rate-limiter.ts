import { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window that refused this hit ends; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters: at most `limit` hits per `windowSeconds` for one key. Process memory by
 * default; Redis when REDIS_URL is set, so every server process counts against the same windows.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  /** Forgets a key's window (after a successful sign-in, say). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count += 1;
    if (window.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.ceil((window.endsAt - now) / 1000) };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'spatia:rate:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const redisKey = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis
      .multi()
      .incr(redisKey)
      .pttl(redisKey)
      .exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.pexpire(redisKey, windowSeconds * 1000);
    if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((ttl < 0 ? windowSeconds * 1000 : ttl) / 1000)) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}
