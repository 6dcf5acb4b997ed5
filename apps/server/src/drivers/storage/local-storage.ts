import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  clampRange,
  isStorageKey,
  type ByteRange,
  type FileStat,
  type ListedFile,
  type StorageDriver,
  type StoredFile,
} from './storage-driver.js';

/** What `temporaryNameFor` adds to a file being written. */
const TEMPORARY_SUFFIX = /\.[0-9a-f]{12}\.tmp$/;

/**
 * Files on the local disk. Writes go to a temporary name first and are renamed into place; a file's
 * modification time is when it was stored (a moved file keeps none of its source's).
 */
export class LocalStorageDriver implements StorageDriver {
  constructor(private readonly root: string) {}

  async put(key: string, content: Buffer): Promise<void> {
    const target = await this.prepare(key);
    const temporary = temporaryNameFor(target);
    try {
      await writeFile(temporary, content);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = await this.prepare(key);
    if (!(await renamed(sourcePath, target))) {
      // Another file system: copy next to the target, rename into place, then drop the source.
      const temporary = temporaryNameFor(target);
      try {
        await pipeline(createReadStream(sourcePath), createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await rm(sourcePath, { force: true });
    }
    // A rename keeps the source's times: the file was stored now (deferred deletions compare it, backup/storage-holds.ts).
    const now = new Date();
    await utimes(target, now, now);
  }

  async read(key: string, range?: ByteRange): Promise<StoredFile | undefined> {
    const file = this.pathOf(key);
    const found = await this.stat(key);
    if (!found) return undefined;
    if (!range) return { stream: createReadStream(file), size: found.size };
    const { start, end } = clampRange(range, found.size);
    return { stream: createReadStream(file, { start, end }), size: found.size };
  }

  async stat(key: string): Promise<FileStat | undefined> {
    try {
      const found = await stat(this.pathOf(key));
      return found.isFile() ? { size: found.size, modifiedAt: found.mtime } : undefined;
    } catch (error) {
      // ENOTDIR: a part of the key is a file (`covers/a.webp/b`), so nothing is stored under it.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deleteFolder(folder: string): Promise<void> {
    await rm(this.pathOf(folder), { recursive: true, force: true });
  }

  async *list(folder?: string): AsyncIterable<ListedFile> {
    if (folder !== undefined) assertSafeKey(folder);
    yield* this.walk(folder ?? '');
  }

  /** Depth first, one directory handle open per level; files half written (temporary names) are left out. */
  private async *walk(prefix: string): AsyncIterable<ListedFile> {
    let directory;
    try {
      directory = await opendir(prefix ? this.pathOf(prefix) : this.root);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw error;
    }
    for await (const entry of directory) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (isStorageKey(key)) yield* this.walk(key);
      } else if (entry.isFile() && isStorageKey(key) && !TEMPORARY_SUFFIX.test(entry.name)) {
        const found = await this.stat(key);
        if (found) yield { key, ...found };
      }
    }
  }

  private async prepare(key: string): Promise<string> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    return target;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }
}

/** False when source and target are on different file systems. */
async function renamed(sourcePath: string, target: string): Promise<boolean> {
  try {
    await rename(sourcePath, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    return false;
  }
}

function temporaryNameFor(target: string): string {
  return `${target}.${randomBytes(6).toString('hex')}.tmp`;
}
