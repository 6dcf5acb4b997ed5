import { randomBytes } from 'node:crypto';
import { connectOnce } from './single-connection.js';

/** A database created for the length of one run (a test file, a benchmark), and its removal. */
export interface ScratchDatabase {
  url: string;
  /** Removes the database, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, named `<prefix>_<random>`, so that a run never
 * touches data it did not create: empty, or a copy of the database `template` (which nobody may be
 * connected to). The tests (test/test-database.ts) and the benchmarks (bench/works-list.mjs, through the
 * built server) use it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase & { name: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^\w+$/.test(template)) throw new Error(`not a database name: ${template}`);
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = await connectOnce(url);
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
