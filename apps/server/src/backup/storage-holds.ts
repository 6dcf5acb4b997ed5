import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database.js';
import type { ByteRange, FileStat, ListedFile, StorageDriver, StoredFile } from '../drivers/storage/storage-driver.js';

/** How long a hold lives unless renewed; its backup renews it every `HOLD_RENEW_MS`. */
const HOLD_SECONDS = 600;
export const HOLD_RENEW_MS = 60_000;
const FLUSH_BATCH = 500;

export interface StorageHold {
  /** Pushes the hold's end `HOLD_SECONDS` further. */
  renew(): Promise<void>;
  release(): Promise<void>;
}

/**
 * Holds on deleting stored files while a backup copies them. Why: a backup reads the database in one
 * snapshot, then copies the files; a file that something deletes after the snapshot (a purged work's
 * tiles, a replaced narration clip) is named by the snapshot and would be missing from the archive.
 * Every deletion of the server comes after the commit that stopped naming the file (storage-driver.ts),
 * so a deletion that finds no hold belongs to a commit before any snapshot taken after the hold, and a
 * deletion that finds one waits in `deferred_storage_deletions` until no hold is live.
 */
export class StorageHolds {
  constructor(private readonly db: Db) {}

  /** Whether the database has the tables yet (a backup made before the server migrated it has not). */
  async available(): Promise<boolean> {
    const rows = await rowsOf<{ present: boolean }>(this.db, sql`select to_regclass('public.storage_holds') is not null as present`);
    return rows[0]?.present === true;
  }

  /** Takes a hold; commit it before the snapshot is taken. */
  async take(purpose: string): Promise<StorageHold> {
    const id = randomBytes(8).toString('hex');
    await this.db.execute(
      sql`insert into storage_holds (id, purpose, expires_at) values (${id}, ${purpose}, now() + make_interval(secs => ${HOLD_SECONDS}))`,
    );
    return {
      renew: async () => {
        await this.db.execute(sql`update storage_holds set expires_at = now() + make_interval(secs => ${HOLD_SECONDS}) where id = ${id}`);
      },
      release: async () => {
        await this.db.execute(sql`delete from storage_holds where id = ${id}`);
      },
    };
  }

  async anyLive(): Promise<boolean> {
    const rows = await rowsOf<{ live: boolean }>(
      this.db,
      sql`select exists (select 1 from storage_holds where expires_at > now()) as live`,
    );
    return rows[0]?.live === true;
  }

  /**
   * Records a deletion for later: a folder, or a key with the time its file was stored (a key of content
   * stored anew and deleted again is recorded anew). Keys under a folder are never stored again: folders
   * are named after a work, run or narration that is gone.
   */
  async defer(key: string, folder: boolean, storedAt: Date | null): Promise<void> {
    await this.db.execute(
      sql`insert into deferred_storage_deletions (key, folder, stored_at) values (${key}, ${folder}, ${storedAt?.toISOString() ?? null})
          on conflict (key, folder) do update set stored_at = excluded.stored_at, deferred_at = excluded.deferred_at`,
    );
  }

  /**
   * Carries out the deferred deletions once no hold is live (after a backup, and hourly for a backup that
   * died). A key's file goes only if it is the one the deletion was asked for: one stored again since
   * stays. Answers how many deletions were carried out and how many files were left because stored again.
   */
  async flush(storage: StorageDriver): Promise<{ deleted: number; kept: number }> {
    const outcome = { deleted: 0, kept: 0 };
    if (await this.anyLive()) return outcome;
    for (;;) {
      const claimed = await rowsOf<{ key: string; folder: boolean; stored_ms: string | null }>(
        this.db,
        sql`delete from deferred_storage_deletions
            where (key, folder) in (select key, folder from deferred_storage_deletions order by deferred_at limit ${FLUSH_BATCH} for update skip locked)
            returning key, folder, round(extract(epoch from stored_at) * 1000)::bigint::text as stored_ms`,
      );
      if (claimed.length === 0) return outcome;
      for (const deletion of claimed) {
        try {
          if (deletion.folder) {
            await storage.deleteFolder(deletion.key);
            outcome.deleted += 1;
            continue;
          }
          const found = await storage.stat(deletion.key);
          if (found && deletion.stored_ms !== null && found.modifiedAt.getTime() === Number(deletion.stored_ms)) {
            await storage.delete(deletion.key);
            outcome.deleted += 1;
          } else if (found) {
            outcome.kept += 1;
          }
        } catch (error) {
          await this.defer(deletion.key, deletion.folder, deletion.stored_ms === null ? null : new Date(Number(deletion.stored_ms)));
          throw error;
        }
      }
    }
  }
}

/**
 * The server's storage: every call goes to `inner`, except that a deletion waits (is deferred) while a
 * backup holds deletions. One query per deletion; deletions are rare next to reads and writes.
 */
export class HeldDeletionsStorage implements StorageDriver {
  constructor(
    readonly inner: StorageDriver,
    private readonly holds: StorageHolds,
  ) {}

  put(key: string, content: Buffer, contentType: string): Promise<void> {
    return this.inner.put(key, content, contentType);
  }

  putFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    return this.inner.putFile(key, sourcePath, contentType);
  }

  read(key: string, range?: ByteRange): Promise<StoredFile | undefined> {
    return this.inner.read(key, range);
  }

  stat(key: string): Promise<FileStat | undefined> {
    return this.inner.stat(key);
  }

  list(folder?: string): AsyncIterable<ListedFile> {
    return this.inner.list(folder);
  }

  async delete(key: string): Promise<void> {
    if (!(await this.holds.anyLive())) return this.inner.delete(key);
    // Nothing stored, nothing to delete later.
    const found = await this.inner.stat(key);
    if (found) await this.holds.defer(key, false, found.modifiedAt);
  }

  async deleteFolder(folder: string): Promise<void> {
    if (await this.holds.anyLive()) await this.holds.defer(folder, true, null);
    else await this.inner.deleteFolder(folder);
  }
}
