import type { Readable } from 'node:stream';

/**
 * Where files live: local disk under DATA_DIR/storage by default, an S3-compatible store in
 * production. Keys are slash-separated paths; content-addressed keys never change content, so their
 * URLs can be cached forever.
 */
export interface StorageDriver {
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** A stream of the file, or undefined when there is none. */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._/-]*$/i.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
