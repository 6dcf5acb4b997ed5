import { boolean, primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * A backup copying stored files (backup/storage-holds.ts): while one is live, deleting a stored file
 * waits in `deferred_storage_deletions`, so that every file the backup's database snapshot names is
 * still there when the backup reaches it. A hold lapses at `expires_at` unless its backup renews it.
 */
export const storageHolds = pgTable('storage_holds', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Deletions asked for while a hold was live: a key, or a folder (`folder`: every key under `key/`). A key
 * keeps the time its file was stored when the deletion was asked for: a file stored again since (a key of
 * content uploaded anew) is not the one to delete.
 */
export const deferredStorageDeletions = pgTable(
  'deferred_storage_deletions',
  {
    key: text('key').notNull(),
    folder: boolean('folder').notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true, precision: 3 }),
    deferredAt: timestamp('deferred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.folder] })],
);
