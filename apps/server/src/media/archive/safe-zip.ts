import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { MediaError } from '../media-error.js';

export interface SafeZipOptions {
  /** Most entries (folders included) the zip may hold. */
  maxEntries?: number;
  /** Most bytes all entries may inflate to, counted as they inflate. */
  maxTotalBytes?: number;
  /** Most an entry may inflate per compressed byte once it passes `RATIO_FLOOR_BYTES`. */
  maxRatio?: number;
  /** The name errors carry; the zip's own name by default. */
  fileName?: string;
}

export const SAFE_ZIP_DEFAULTS = {
  maxEntries: 10_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxRatio: 200,
} as const;

/** Small entries may compress very well (a text of spaces): the ratio is only checked past this size. */
const RATIO_FLOOR_BYTES = 1024 ** 2;
/** Unix file types in the upper half of an entry's external attributes. */
const UNIX_TYPE_MASK = 0o170000;
const UNIX_REGULAR = 0o100000;
const UNIX_DIRECTORY = 0o040000;
/** General purpose flag: the name is UTF-8 (otherwise CP437, read here as Latin-1). */
const UTF8_NAME_FLAG = 0x800;

/**
 * Extracts a zip into `targetDir` and returns the relative paths of the files written (folders left
 * out, macOS resource forks skipped). Every name is checked before anything is written and every byte
 * is counted as it inflates, so a zip that lies in its headers is stopped as soon as it passes a limit.
 * On any refusal or error, everything written is removed again.
 */
export async function extractZipSafely(zipPath: string, targetDir: string, options: SafeZipOptions = {}): Promise<string[]> {
  const limits = { ...SAFE_ZIP_DEFAULTS, ...options };
  const fileName = options.fileName ?? path.basename(zipPath);
  const refuse = (detail: string) => new MediaError('unsafeArchive', fileName, detail);
  const root = path.resolve(targetDir);
  const created: string[] = [];
  const extracted: string[] = [];

  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch (error) {
    throw new MediaError('damagedFile', fileName, `not a readable zip (${errorMessage(error)})`);
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw refuse(`holds ${zip.entryCount} entries, more than ${limits.maxEntries}`);
    const rootCreated = await mkdir(root, { recursive: true });
    if (rootCreated) created.push(rootCreated);
    const seen = new Set<string>();
    let inflated = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = entryName(entry);
      const problem = unsafeNameProblem(name);
      if (problem) throw refuse(`entry "${name}" ${problem}`);
      const type = (entry.externalFileAttributes >>> 16) & UNIX_TYPE_MASK;
      if (type !== 0 && type !== UNIX_REGULAR && type !== UNIX_DIRECTORY) throw refuse(`entry "${name}" is a link or special file`);
      if (seen.size >= limits.maxEntries) throw refuse(`holds more than ${limits.maxEntries} entries`);
      const key = name.replace(/\/+$/, '').toLowerCase();
      if (seen.has(key)) throw refuse(`entry "${name}" appears twice`);
      seen.add(key);
      if (name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('._')) continue;

      const target = path.resolve(root, ...name.split('/').filter(Boolean));
      if (!target.startsWith(root + path.sep)) throw refuse(`entry "${name}" leaves the archive's folder`);
      if (name.endsWith('/') || type === UNIX_DIRECTORY) {
        const dir = await mkdir(target, { recursive: true });
        if (dir) created.push(dir);
        continue;
      }
      if (entry.uncompressedSize > limits.maxTotalBytes - inflated) throw refuse(`inflates to more than ${limits.maxTotalBytes} bytes`);
      const dir = await mkdir(path.dirname(target), { recursive: true });
      if (dir) created.push(dir);

      let entryBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          entryBytes += chunk.length;
          inflated += chunk.length;
          if (inflated > limits.maxTotalBytes) return callback(refuse(`inflates to more than ${limits.maxTotalBytes} bytes`));
          if (entryBytes > RATIO_FLOOR_BYTES && entryBytes > Math.max(entry.compressedSize, 1) * limits.maxRatio) {
            return callback(refuse(`entry "${name}" inflates more than ${limits.maxRatio} times its compressed size`));
          }
          callback(null, chunk);
        },
      });
      const stream = await openEntry(zip, entry);
      const output = createWriteStream(target, { flags: 'wx' }).once('open', () => created.push(target));
      await pipeline(stream, counter, output);
      extracted.push(name);
    }
    return extracted;
  } catch (error) {
    await Promise.all(created.reverse().map((item) => rm(item, { recursive: true, force: true })));
    if (error instanceof MediaError) throw error;
    if (/too many bytes/i.test(errorMessage(error))) throw refuse('an entry holds more than its header says');
    throw new MediaError('damagedFile', fileName, `damaged zip (${errorMessage(error)})`);
  } finally {
    zip.close();
  }
}

/** Why a name may not be written, or null. Names are checked raw: yauzl's own checks are turned off. */
export function unsafeNameProblem(name: string): string | null {
  if (name.length === 0) return 'has no name';
  if (name.includes('\0')) return 'has a NUL in its name';
  if (name.includes('\\')) return 'uses backslashes';
  if (name.startsWith('/')) return 'is an absolute path';
  if (/^[a-zA-Z]:/.test(name)) return 'names a drive';
  if (name.split('/').some((segment) => segment === '..')) return 'leaves the archive with ".."';
  return null;
}

function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  return raw.toString(entry.generalPurposeBitFlag & UTF8_NAME_FLAG ? 'utf8' : 'latin1');
}

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, decodeStrings: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry) => settle(() => resolve(entry));
    const onEnd = () => settle(() => resolve(null));
    const onError = (error: Error) => settle(() => reject(error));
    const settle = (done: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      done();
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
