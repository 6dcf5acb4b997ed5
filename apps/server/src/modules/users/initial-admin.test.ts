import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../lib/cache.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { UsersService } from './users.service.js';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

describe('the first administrator', () => {
  it('is created once when several servers start at the same time on an empty database', async () => {
    // Each server process checks and creates on its own connection and cache.
    const starts = await Promise.all(
      [1, 2, 3].map(() => UsersService.on(testDatabase.database.db, new MemoryCache()).ensureInitialAdmin('13800000000')),
    );
    expect(starts.filter((created) => created !== undefined)).toHaveLength(1);
    expect(await UsersService.on(testDatabase.database.db, new MemoryCache()).ensureInitialAdmin('13800000000')).toBeUndefined();
  });
});
