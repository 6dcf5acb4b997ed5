import { mkdtemp, readdir, rm, stat, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Linux's shared-memory filesystem: files there never go to disk. */
export const MEMORY_FILESYSTEM = '/dev/shm';
/** A scratch folder older than this whose process is gone was left by a killed process. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export interface MemoryScratchOptions {
  /** The memory filesystem to use; Linux's by default. */
  root?: string;
  /** Memory the system has free, in bytes; os.freemem() by default. */
  freeMemory?: () => number;
}

/**
 * A new folder, named after `prefix`, on the memory filesystem when it has room for `bytes` and the
 * system has twice that free; otherwise a new folder in `fallbackDirectory`. A large temporary file
 * written there costs no disk writes: the panorama's decoded source (400 MB for 16384×8192) written
 * through the page cache of a disk cost more CPU than projecting a face. The caller removes the folder.
 *
 * Folders on the memory filesystem hold the process id, so that one left by a killed process (its memory
 * is only given back when the file is removed) is removed by the next call, once it is an hour old.
 */
export async function memoryScratch(prefix: string, bytes: number, fallbackDirectory: string, options: MemoryScratchOptions = {}): Promise<string> {
  const root = options.root ?? MEMORY_FILESYSTEM;
  const freeMemory = options.freeMemory ?? os.freemem;
  if (await hasRoom(root, bytes, freeMemory())) {
    await removeAbandoned(root, prefix);
    try {
      return await mkdtemp(path.join(root, `${prefix}${process.pid}-`));
    } catch {
      // Not writable after all: the fallback below.
    }
  }
  return mkdtemp(path.join(fallbackDirectory, prefix));
}

async function hasRoom(root: string, bytes: number, freeMemory: number): Promise<boolean> {
  if (freeMemory < 2 * bytes) return false;
  try {
    const { bavail, bsize } = await statfs(root);
    return bavail * bsize >= 2 * bytes;
  } catch {
    return false;
  }
}

async function removeAbandoned(root: string, prefix: string): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)-`);
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || isRunning(pid)) continue;
    const folder = path.join(root, name);
    const modified = await stat(folder).then((info) => info.mtimeMs, () => Date.now());
    if (Date.now() - modified > ABANDONED_AFTER_MS) await rm(folder, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
