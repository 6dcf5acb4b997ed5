import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (a tarball) that each test file's database starts from. */
    pgliteTemplate: string | null;
  }
}

/**
 * Creates and migrates one embedded database for the whole run; `createTestDatabase` loads a copy of it.
 * Creating and migrating a PGlite takes seconds, loading a copy about a third of that, and nearly every
 * server test file opens one. On PostgreSQL each file gets its own scratch database instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return async () => undefined;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  if (database.kind !== 'pglite') throw new Error('expected an embedded database');
  const folder = await mkdtemp(path.join(os.tmpdir(), 'spatia-pglite-template-'));
  const file = path.join(folder, 'template.tar');
  await writeFile(file, Buffer.from(await (await database.client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}
