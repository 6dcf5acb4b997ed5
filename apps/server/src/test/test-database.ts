import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { createScratchDatabase } from '../db/scratch-database.js';

export interface TestDatabase {
  database: Database;
  /** Closes the connection and removes what the test created. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of DATABASE_URL (dropped afterwards), so the same tests prove both. Either is a copy of
 * the run's migrated template (test/database-template.setup.ts) when the run made one. `embedded` asks for
 * PGlite whatever the run's database (a test that moves data between the two).
 */
export async function createTestDatabase({ embedded = false }: { embedded?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || embedded) {
    const template = inject('pgliteTemplate');
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      template: template ? new Blob([await readFile(template)]) : undefined,
    });
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl, 'spatia_test', inject('postgresTemplate') ?? undefined);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
