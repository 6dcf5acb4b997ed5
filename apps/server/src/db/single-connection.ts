import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from './postgres-pool.js';

/**
 * One PostgreSQL connection outside the pool, for a session of its own: migrations under their lock, job-queue
 * setup, backups, scratch databases. A connection that dies between two queries raises an 'error' event, which
 * without a listener ends the process; here its error comes back from the next query instead, to whoever runs
 * it. Connecting waits as long as the pool does.
 */
export async function connectOnce(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
