// A fresh database on the PostgreSQL server of a connection URL, dropped afterwards, so a benchmark
// never touches data it did not create.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function adminQuery(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(serverUrl) {
  const name = `spatia_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
