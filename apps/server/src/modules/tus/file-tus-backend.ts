import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import type { TusBackend } from './tus-backend.js';

/** Uploads as files in DATA_DIR/tus (`{id}` and its `{id}.json` info), moved into storage once complete. */
export class FileTusBackend implements TusBackend {
  readonly datastore: FileStore;
  readonly idPrefix = '';

  constructor(
    private readonly directory: string,
    private readonly storage: StorageDriver,
    private readonly expiryMs: number,
  ) {
    // FileStore creates its folder without waiting; an early request must not find it missing.
    mkdirSync(directory, { recursive: true });
    this.datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
    // Every upload declares its size up front, which its grant limits: deferred length is not offered.
    this.datastore.extensions = this.datastore.extensions.filter((extension) => extension !== 'creation-defer-length');
  }

  async metadataOf(id: string) {
    const info = await this.datastore.configstore.get(id);
    return info ? (info.metadata ?? {}) : undefined;
  }

  async readHead(id: string, length: number): Promise<Buffer> {
    const file = await open(this.pathOf(id), 'r');
    try {
      const head = Buffer.alloc(length);
      const { bytesRead } = await file.read(head, 0, length, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  /** Hashes the file while the kernel flushes it to disk: the upload is durable before anyone is told it is stored. */
  async hash(id: string): Promise<string> {
    const file = this.pathOf(id);
    const flush = async () => {
      const handle = await open(file, 'r');
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
    };
    const digest = async () => {
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
      return hash.digest('hex');
    };
    const [sha256] = await Promise.all([digest(), flush()]);
    return sha256;
  }

  async moveTo(id: string, key: string, contentType: string): Promise<void> {
    await this.storage.putFile(key, this.pathOf(id), contentType);
  }

  async discard(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
    await rm(`${this.pathOf(id)}.json`, { force: true });
  }

  /**
   * Removes uploads created more than the expiry ago, finished or not, and any half left behind by a
   * crash (an info file without bytes, or bytes without info), judged by the files' age.
   */
  async cleanupExpired(): Promise<number> {
    const cutoff = Date.now() - this.expiryMs;
    const ids = new Set(
      (await readdir(this.directory)).map((name) => name.replace(/\.json$/, '')).filter((name) => /^[0-9a-f]{32}$/.test(name)),
    );
    let removed = 0;
    for (const id of ids) {
      if ((await this.createdAt(id)) < cutoff) {
        await this.discard(id);
        removed += 1;
      }
    }
    return removed;
  }

  private async createdAt(id: string): Promise<number> {
    try {
      const info = JSON.parse(await readFile(`${this.pathOf(id)}.json`, 'utf8')) as { creation_date?: string };
      if (info.creation_date) return Date.parse(info.creation_date);
    } catch {
      // no info, or an unreadable one: fall back to the bytes' age
    }
    const found = await stat(this.pathOf(id)).catch(() => undefined);
    return found ? found.mtimeMs : 0;
  }

  private pathOf(id: string): string {
    if (!/^[0-9a-f]{32}$/.test(id)) throw new Error(`not an upload id: ${id}`);
    return path.join(this.directory, id);
  }
}
