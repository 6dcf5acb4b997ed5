import { mkdtemp, readdir, rm, stat, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processIsGone, processTag, PROCESS_TAG_PATTERN, tagIsGone } from './process-identity.js';

/** Linux's shared-memory filesystem: files there never go to disk. */
export const MEMORY_FILESYSTEM = '/dev/shm';
/**
 * A folder named in the older way (pid only) whose process is gone is removed once it is this old: its
 * pid might have belonged to another host's process sharing the filesystem.
 */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
/** What every scratch folder of ours starts with. */
export const MEMORY_SCRATCH_PREFIX = 'spatia-';

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
 * Folders on the memory filesystem are named after the process that made them (`processTag`: pid, start
 * time, host), so that one left by a killed process (its memory is only given back when the file is
 * removed) is removed by the next call, or by `sweepMemoryScratch` at a start, as soon as that process
 * is gone.
 */
export async function memoryScratch(
  prefix: string,
  bytes: number,
  fallbackDirectory: string,
  options: MemoryScratchOptions = {},
): Promise<string> {
  const root = options.root ?? MEMORY_FILESYSTEM;
  const freeMemory = options.freeMemory ?? os.freemem;
  if (await hasRoom(root, bytes, freeMemory())) {
    await sweepMemoryScratch({ root, prefix });
    try {
      return await mkdtemp(path.join(root, `${prefix}${processTag()}-`));
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

/**
 * Removes the scratch folders (of `prefix`, every one of ours by default) whose process is gone: a killed
 * render's decoded source, hundreds of MB of memory until it is removed. Answers how many it removed.
 */
export async function sweepMemoryScratch(options: { root?: string; prefix?: string } = {}): Promise<number> {
  const root = options.root ?? MEMORY_FILESYSTEM;
  const prefix = escapeRegExp(options.prefix ?? MEMORY_SCRATCH_PREFIX);
  // A prefix such as `spatia-` also covers `spatia-panorama-`: the words between it and the tag.
  const tagged = new RegExp(`^${prefix}(?:[a-z]+-)*${PROCESS_TAG_PATTERN}-`);
  const older = new RegExp(`^${prefix}(?:[a-z]+-)*(\\d+)-`);
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const folder = path.join(root, name);
    const match = tagged.exec(name);
    if (match) {
      if (!tagIsGone(Number(match[1]), Number(match[2]), match[3]!)) continue;
    } else {
      const pid = Number(older.exec(name)?.[1]);
      if (!pid || !processIsGone({ pid })) continue;
      const modified = await stat(folder).then(
        (info) => info.mtimeMs,
        () => Date.now(),
      );
      if (Date.now() - modified <= ABANDONED_AFTER_MS) continue;
    }
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
