import type { DataStore } from '@tus/server';

/** Unfinished uploads are kept this long after their creation, then cleaned up. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

type Metadata = Record<string, string | null>;

/**
 * Where tus keeps uploads while they arrive, and how their bytes reach the storage driver once
 * complete: files under DATA_DIR/tus, or multipart uploads in the S3 bucket under `tus/`.
 */
export interface TusBackend {
  readonly datastore: DataStore;
  /** Prepended to the ids of the URLs to make the store's ids (S3 keys live under `tus/`). */
  readonly idPrefix: string;
  /** The metadata an upload was created with, or undefined when there is no such upload. */
  metadataOf(id: string): Promise<Metadata | undefined>;
  /** The first `length` bytes of a complete upload (fewer if it is shorter). */
  readHead(id: string, length: number): Promise<Buffer>;
  /**
   * SHA-256 (hex) of a complete upload of `size` bytes: the hash taken while its PATCHes arrived when
   * this process saw them all, else one streaming read. The local backend also flushes it to disk.
   */
  hash(id: string, size: number): Promise<string>;
  /** Puts a complete upload's bytes into storage under `key`. */
  moveTo(id: string, key: string, contentType: string): Promise<void>;
  /** Deletes whatever is left of an upload: bytes, parts, info. */
  discard(id: string): Promise<void>;
  /** Deletes uploads older than UPLOAD_EXPIRY_MS; answers how many. */
  cleanupExpired(): Promise<number>;
}
