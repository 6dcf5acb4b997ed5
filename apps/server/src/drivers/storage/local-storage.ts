import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, clampRange, type ByteRange, type StorageDriver, type StoredFile } from './storage-driver.js';

/** Files on the local disk. Writes go to a temporary name first and are renamed into place. */
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
    try {
      await rename(sourcePath, target);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    }
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

  async read(key: string, range?: ByteRange): Promise<StoredFile | undefined> {
    const file = this.pathOf(key);
    const found = await this.stat(key);
    if (!found) return undefined;
    if (!range) return { stream: createReadStream(file), size: found.size };
    const { start, end } = clampRange(range, found.size);
    return { stream: createReadStream(file, { start, end }), size: found.size };
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const found = await stat(this.pathOf(key));
      return found.isFile() ? { size: found.size } : undefined;
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

function temporaryNameFor(target: string): string {
  return `${target}.${randomBytes(6).toString('hex')}.tmp`;
}
