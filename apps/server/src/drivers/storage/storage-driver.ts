import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  /** The whole file, or only the bytes of the requested range. */
  stream: Readable;
  /** Size of the whole file, whatever range was asked for. */
  size: number;
}

/**
 * Where files live: local disk under DATA_DIR/storage by default, an S3-compatible store in
 * production. Keys are slash-separated paths; content-addressed keys never change content, so their
 * URLs can be cached forever. Nothing here holds a whole file in memory except `put`, which is
 * for small generated files (avatars, thumbnails).
 *
 * Backups rely on two habits of every caller (backup/storage-holds.ts): a file is stored before the row
 * naming it commits, and deleted only after the commit that stops naming it, never inside a transaction.
 */
export interface StorageDriver {
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /**
   * Moves the file at `sourcePath` into storage under `key`, streaming it: afterwards the source is
   * gone (renamed into place on the same file system, otherwise copied or uploaded, then removed).
   */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** A stream of the file (or of one range of it), or undefined when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  stat(key: string): Promise<FileStat | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `folder/` (derived files of one processing run, say). */
  deleteFolder(folder: string): Promise<void>;
  /**
   * Every stored file whose key starts with `folder/` (every file without a folder), a page at a time
   * and never all at once, in no promised order. Files being written are not listed.
   */
  list(folder?: string): AsyncIterable<ListedFile>;
}

export interface FileStat {
  size: number;
  /** When the file was stored (its last write). */
  modifiedAt: Date;
}

export interface ListedFile extends FileStat {
  key: string;
}

/** A range that starts past the end of the file: HTTP answers it with 416. */
export class UnsatisfiableRangeError extends RangeError {
  constructor(
    readonly range: ByteRange,
    readonly size: number,
  ) {
    super(`range ${range.start}-${range.end} is outside a file of ${size} bytes`);
    this.name = 'UnsatisfiableRangeError';
  }
}

/** The longest key, and the longest part of one, that every store takes (S3: 1,024 bytes; a file name: 255). */
export const STORAGE_KEY_MAX = 1024;
const KEY_PART_MAX = 255;

/** Whether `key` can name a stored file: ASCII letters, digits, `._-` in non-empty parts, none `..`, within the lengths. */
export function isStorageKey(key: string): boolean {
  return (
    key.length <= STORAGE_KEY_MAX &&
    /^[a-z0-9][a-z0-9._/-]*$/i.test(key) &&
    key.split('/').every((part) => part !== '..' && part !== '' && part.length <= KEY_PART_MAX)
  );
}

export function assertSafeKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`unsafe storage key: ${key.slice(0, 200)}`);
}

/** Checks a requested range and clamps its end to the last byte of a file of `size` bytes. */
export function clampRange(range: ByteRange, size: number): ByteRange {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start) {
    throw new RangeError(`invalid range ${range.start}-${range.end}`);
  }
  if (range.start >= size) throw new UnsatisfiableRangeError(range, size);
  return { start: range.start, end: Math.min(range.end, size - 1) };
}
