import { Redis } from 'ioredis';

/**
 * A small key-value cache with expiry: process memory by default, Redis when REDIS_URL is set so that
 * every server process sees the same entries (and a revoked session is gone for all of them at once).
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Reads and deletes in one step: of callers taking the same key at once, one gets the value. */
  take<T>(key: string): Promise<T | undefined>;
  /** Resolves when the store answers (readiness); memory always does. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCache implements Cache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();

  constructor(private readonly maxEntries = 50_000) {}

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async take<T>(key: string): Promise<T | undefined> {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? (entry.value as T) : undefined;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.entries.clear();
  }
}

export class RedisCache implements Cache {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'spatia:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.redis.get(this.prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async take<T>(key: string): Promise<T | undefined> {
    const raw = await this.redis.getdel(this.prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createCache(redisUrl: string | undefined, prefix?: string): Cache {
  return redisUrl ? new RedisCache(redisUrl, prefix) : new MemoryCache();
}
