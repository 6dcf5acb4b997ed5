import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { rowsOf } from './database.js';

// Only meaningful against a PostgreSQL server: PGlite has no connections to lose.
describe.runIf(process.env.DATABASE_URL)('PostgreSQL connection pool', () => {
  it('survives its idle connections being terminated by the server, and reconnects', async () => {
    const { database, drop } = await createTestDatabase();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const [row] = await rowsOf<{ name: string }>(database.db, sql`select current_database() as name`);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [row!.name]);
      await admin.end();
      await expect.poll(() => logged.mock.calls.some(([message]) => String(message).startsWith('database connection lost'))).toBe(true);
      await database.ping();
    } finally {
      logged.mockRestore();
      await drop();
    }
  });
});
