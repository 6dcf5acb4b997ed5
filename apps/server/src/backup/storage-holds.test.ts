import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/database.js';
import { LocalStorageDriver } from '../drivers/storage/local-storage.js';
import type { StorageDriver } from '../drivers/storage/storage-driver.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { HeldDeletionsStorage, StorageHolds } from './storage-holds.js';

let testDatabase: TestDatabase;
let holds: StorageHolds;
let files: StorageDriver;
let storage: HeldDeletionsStorage;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  holds = new StorageHolds(testDatabase.database.db);
  files = new LocalStorageDriver(mkdtempSync(path.join(os.tmpdir(), 'spatia-holds-')));
  storage = new HeldDeletionsStorage(files, holds);
});
afterAll(() => testDatabase.drop());

const put = (key: string, text = key) => storage.put(key, Buffer.from(text), 'text/plain');
const deferred = () =>
  rowsOf<{ key: string; folder: boolean }>(testDatabase.database.db, sql`select key, folder from deferred_storage_deletions order by key`);

describe('holds on deleting stored files', () => {
  it('deletes at once without a hold; with one, keeps the files until the hold is released and the deletions carried out', async () => {
    await put('a/now.txt');
    await storage.delete('a/now.txt');
    expect(await files.stat('a/now.txt')).toBeUndefined();

    await put('a/kept.txt');
    await put('runs/r1/tile.jpg');
    await put('assets/aa/content.bin', 'first upload');
    const hold = await holds.take('backup');
    await storage.delete('a/kept.txt');
    await storage.deleteFolder('runs/r1');
    await storage.delete('assets/aa/content.bin');
    await storage.delete('a/never-stored.txt');
    expect(await files.stat('a/kept.txt')).toBeDefined();
    expect(await files.stat('runs/r1/tile.jpg')).toBeDefined();
    expect(await deferred()).toEqual([
      { key: 'a/kept.txt', folder: false },
      { key: 'assets/aa/content.bin', folder: false },
      { key: 'runs/r1', folder: true },
    ]);
    // The same content uploaded again while the deletion waits: that file is in use, and stays.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await put('assets/aa/content.bin', 'first upload');
    expect(await holds.flush(files)).toEqual({ deleted: 0, kept: 0 }); // a live hold: nothing yet
    await hold.release();

    expect(await holds.flush(files)).toEqual({ deleted: 2, kept: 1 });
    expect(await files.stat('a/kept.txt')).toBeUndefined();
    expect(await files.stat('runs/r1/tile.jpg')).toBeUndefined();
    expect(await files.stat('assets/aa/content.bin')).toBeDefined();
    expect(await deferred()).toEqual([]);
  });

  it('lets a hold lapse when its backup stops renewing it', async () => {
    const hold = await holds.take('backup');
    expect(await holds.anyLive()).toBe(true);
    await testDatabase.database.db.execute(sql`update storage_holds set expires_at = now() - interval '1 second'`);
    expect(await holds.anyLive()).toBe(false);
    await hold.renew();
    expect(await holds.anyLive()).toBe(true);
    await hold.release();
    expect(await holds.anyLive()).toBe(false);
  });
});
