import { SESSION_LIFETIME_MS } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../lib/cache.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { UsersService } from '../users/users.service.js';
import { AuthService } from './auth.service.js';
import { MemoryRateLimiter } from '../../lib/rate-limiter.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionsRepository } from './sessions.repository.js';

const DAY = 24 * 60 * 60 * 1000;
let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

function serviceWithClock(clock: { now: number }) {
  const cache = new MemoryCache();
  const users = UsersService.on(testDatabase.database.db, cache);
  const throttle = new LoginThrottle(new MemoryRateLimiter(() => clock.now));
  const auth = new AuthService(new SessionsRepository(testDatabase.database.db), users, cache, throttle, () => clock.now);
  return { auth, users };
}

function createCustomer(users: UsersService, phone: string, fullName: string) {
  return users.createUser({ phone, password: 'abcd1234', fullName, roles: ['customer'], permissionIds: [] });
}

describe('session lifetime', () => {
  it('lives 7 days and slides while it is used', async () => {
    const clock = { now: Date.now() };
    const { auth, users } = serviceWithClock(clock);
    const user = await createCustomer(users, '13700000001', 'A');
    const token = await auth.startSession(user.id, { userAgent: 'test', ip: '127.0.0.1' });

    clock.now += 6 * DAY;
    expect((await auth.authenticate(token))?.user.uid).toBe(user.uid);
    clock.now += 6 * DAY; // 12 days after sign-in, 6 after the last use
    expect((await auth.authenticate(token))?.user.uid).toBe(user.uid);
    clock.now += SESSION_LIFETIME_MS + 1000;
    expect(await auth.authenticate(token)).toBeUndefined();
  });

  it('is not found by another process once expired, whatever a cache says', async () => {
    const clock = { now: Date.now() };
    const first = serviceWithClock(clock);
    const user = await createCustomer(first.users, '13700000002', 'B');
    const token = await first.auth.startSession(user.id, { userAgent: '', ip: '' });
    expect(await first.auth.authenticate(token)).toBeDefined();
    clock.now += SESSION_LIFETIME_MS + 1000;
    expect(await first.auth.authenticate(token)).toBeUndefined();
    expect(await serviceWithClock(clock).auth.authenticate(token)).toBeUndefined();
  });

  it('refuses a revoked token in a second service instance sharing the database', async () => {
    const clock = { now: Date.now() };
    const first = serviceWithClock(clock);
    const user = await createCustomer(first.users, '13700000003', 'C');
    const token = await first.auth.startSession(user.id, { userAgent: '', ip: '' });
    await first.auth.logout(token);
    expect(await serviceWithClock(clock).auth.authenticate(token)).toBeUndefined();
  });
});
