import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { RunningHashes } from './running-hashes.js';
import type { TusBackend } from './tus-backend.js';

const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** Socket reads are 64 KiB; those that queue behind a write in flight go to the file together, up to this much. */
const WRITE_BUFFER = 4 * 1024 * 1024;

/** Uploads as files in DATA_DIR/tus (`{id}` and its `{id}.json` info), moved into storage once complete. */
export class FileTusBackend implements TusBackend {
  readonly datastore: FileStore;
  readonly idPrefix = '';
  private readonly hashes = new RunningHashes();

  constructor(
    private readonly directory: string,
    private readonly storage: StorageDriver,
    private readonly expiryMs: number,
  ) {
    // FileStore creates its folder without waiting; an early request must not find it missing.
    mkdirSync(directory, { recursive: true });
    this.datastore = new HashingFileStore(directory, expiryMs, this.hashes);
    // Every upload declares its size up front, which its grant limits: deferred length is not offered.
    this.datastore.extensions = this.datastore.extensions.filter((extension) => extension !== 'creation-defer-length');
  }

  async metadataOf(id: string) {
    const info = await this.datastore.configstore.get(id);
    return info ? (info.metadata ?? {}) : undefined;
  }

  async readHead(id: string, length: number): Promise<Buffer> {
    const file = await open(pathOf(this.directory, id), 'r');
    try {
      const head = Buffer.alloc(length);
      const { bytesRead } = await file.read(head, 0, length, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  /**
   * The hash taken while the PATCHes arrived, else one read of the file; meanwhile the kernel
   * flushes the file to disk, so the upload is durable before anyone is told it is stored.
   */
  async hash(id: string, size: number): Promise<string> {
    const file = pathOf(this.directory, id);
    const flush = async () => {
      const handle = await open(file, 'r');
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
    };
    const digest = async () => {
      const running = this.hashes.take(id, size);
      if (running) return running;
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
      return hash.digest('hex');
    };
    const [sha256] = await Promise.all([digest(), flush()]);
    return sha256;
  }

  async moveTo(id: string, key: string, contentType: string): Promise<void> {
    await this.storage.putFile(key, pathOf(this.directory, id), contentType);
  }

  async discard(id: string): Promise<void> {
    this.hashes.forget(id);
    await rm(pathOf(this.directory, id), { force: true });
    await rm(`${pathOf(this.directory, id)}.json`, { force: true });
  }

  /**
   * Removes uploads created more than the expiry ago, finished or not, and any half left behind by a
   * crash (an info file without bytes, or bytes without info), judged by the files' age.
   */
  async cleanupExpired(): Promise<number> {
    const cutoff = Date.now() - this.expiryMs;
    const ids = new Set((await readdir(this.directory)).map((name) => name.replace(/\.json$/, '')).filter((name) => UPLOAD_ID.test(name)));
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
      const info = JSON.parse(await readFile(`${pathOf(this.directory, id)}.json`, 'utf8')) as { creation_date?: string };
      if (info.creation_date) return Date.parse(info.creation_date);
    } catch {
      // no info, or an unreadable one: fall back to the bytes' age
    }
    const found = await stat(pathOf(this.directory, id)).catch(() => undefined);
    return found ? found.mtimeMs : 0;
  }
}

/**
 * @tus/file-store with two changes to how a PATCH is written: the bytes are hashed as they pass
 * (RunningHashes), and the file stream buffers up to 4 MiB, so that socket reads arriving while a
 * write is in flight go to the file together in one writev instead of one write each.
 */
class HashingFileStore extends FileStore {
  constructor(
    directory: string,
    expiryMs: number,
    private readonly hashes: RunningHashes,
  ) {
    super({ directory, expirationPeriodInMilliseconds: expiryMs });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const followed = this.hashes.follow(readable, id, offset);
    const file = createWriteStream(pathOf(this.directory, id), { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER });
    try {
      await pipeline(followed.stream, file);
    } catch {
      // As FileStore: the bytes that reached the file count (the next HEAD sees them), this write failed.
      throw tusFailure(ERRORS.FILE_WRITE_ERROR);
    }
    followed.settle(offset + file.bytesWritten);
    return offset + file.bytesWritten;
  }
}

function pathOf(directory: string, id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${id}`);
  return path.join(directory, id);
}

/** One of tus's protocol errors as an Error: tus answers with its `status_code` and `body` all the same. */
function tusFailure(failure: { status_code: number; body: string }): Error {
  return Object.assign(new Error(failure.body), failure);
}
