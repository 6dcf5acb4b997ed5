import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { rowsOf, type Database } from './database.js';

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

  it('takes back a connection that dies while lent out, even one its borrower never gives back', async () => {
    const { database, drop } = await createTestDatabase();
    const pool = poolOf(database);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const client = await pool.connect();
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
      await admin.end();
      // Without a listener on the lent client, its 'error' would have ended the process (the test run).
      await expect.poll(() => pool.totalCount).toBe(0);
      client.release();
      await database.ping();
    } finally {
      logged.mockRestore();
      await drop();
    }
  });

  it('gives back the connection of a transaction whose begin fails', async () => {
    const { database, drop } = await createTestDatabase();
    const pool = poolOf(database);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The next connection lent dies at once: drizzle's `begin` on it fails, and drizzle never releases it.
      pool.once('acquire', (client) => (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy());
      await expect(database.db.transaction(async () => undefined)).rejects.toThrow();
      await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
      await database.db.transaction(async (tx) => tx.execute(sql`select 1`));
    } finally {
      logged.mockRestore();
      await drop();
    }
  });
});

function poolOf(database: Database): pg.Pool {
  if (database.kind !== 'postgres') throw new Error('a PostgreSQL database was expected');
  return database.pool;
}
