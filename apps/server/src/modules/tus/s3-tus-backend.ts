import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { AbortMultipartUploadCommand, DeleteObjectsCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { S3Store, type Options as S3StoreOptions } from '@tus/s3-store';
import { s3ClientConfig, type S3StorageDriver } from '../../drivers/storage/s3-storage.js';
import { UnsatisfiableRangeError } from '../../drivers/storage/storage-driver.js';
import { RunningHashes } from './running-hashes.js';
import type { TusBackend } from './tus-backend.js';

const PREFIX = 'tus/';

/**
 * Uploads as S3 multipart uploads in the storage bucket, under `tus/` (`tus/{id}`, `tus/{id}.info`,
 * `tus/{id}.part`): every PATCH goes on to S3 as parts, so any server process can resume an upload.
 * Once complete the object is copied inside the bucket to its content-addressed key.
 */
export class S3TusBackend implements TusBackend {
  readonly datastore: S3Store;
  readonly idPrefix = PREFIX;
  private readonly hashes = new RunningHashes();

  constructor(
    private readonly storage: S3StorageDriver,
    private readonly expiryMs: number,
  ) {
    this.datastore = new HashingS3Store(
      {
        s3ClientConfig: { ...s3ClientConfig(storage.config), bucket: storage.bucket },
        expirationPeriodInMilliseconds: expiryMs,
        // Expiry is enforced by cleanupExpired, not by object tags (which not every S3-compatible store has).
        useTags: false,
      },
      this.hashes,
    );
    this.datastore.extensions = this.datastore.extensions.filter((extension) => extension !== 'creation-defer-length');
  }

  async metadataOf(id: string) {
    const info = await this.readObject(`${id}.info`);
    if (!info) return undefined;
    const upload = JSON.parse(info.toString('utf8')) as { metadata?: Record<string, string | null> };
    return upload.metadata ?? {};
  }

  async readHead(id: string, length: number): Promise<Buffer> {
    try {
      const file = await this.storage.read(id, { start: 0, end: length - 1 });
      return file ? await buffer(file.stream) : Buffer.alloc(0);
    } catch (error) {
      if (error instanceof UnsatisfiableRangeError) return Buffer.alloc(0); // an empty upload
      throw error;
    }
  }

  async hash(id: string, size: number): Promise<string> {
    const running = this.hashes.take(id, size);
    if (running) return running;
    const file = await this.storage.read(id);
    if (!file) throw new Error(`upload ${id} has no object`);
    const hash = createHash('sha256');
    for await (const chunk of file.stream) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  async moveTo(id: string, key: string, contentType: string): Promise<void> {
    await this.storage.copyWithin(id, key, contentType);
  }

  async discard(id: string): Promise<void> {
    this.hashes.forget(id);
    const client = this.storage.client;
    const info = await client.send(new HeadObjectCommand({ Bucket: this.storage.bucket, Key: `${id}.info` })).catch(() => undefined);
    const uploadId = info?.Metadata?.['upload-id'];
    if (uploadId) {
      // Already completed (or aborted) when the bytes are complete: S3 answers NoSuchUpload, which is fine.
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: this.storage.bucket, Key: id, UploadId: uploadId }))
        .catch(() => undefined);
    }
    await client.send(
      new DeleteObjectsCommand({
        Bucket: this.storage.bucket,
        Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] },
      }),
    );
  }

  /** Expired multipart uploads (through the store), then finished uploads left under `tus/` past the expiry. */
  async cleanupExpired(): Promise<number> {
    let removed = await this.datastore.deleteExpired();
    const cutoff = Date.now() - this.expiryMs;
    let token: string | undefined;
    do {
      const page = await this.storage.client.send(
        new ListObjectsV2Command({ Bucket: this.storage.bucket, Prefix: PREFIX, ContinuationToken: token }),
      );
      const old = (page.Contents ?? []).filter((object) => object.Key && object.LastModified && object.LastModified.getTime() < cutoff);
      if (old.length > 0) {
        await this.storage.client.send(
          new DeleteObjectsCommand({ Bucket: this.storage.bucket, Delete: { Objects: old.map((object) => ({ Key: object.Key })) } }),
        );
        removed += old.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }

  private async readObject(key: string): Promise<Buffer | undefined> {
    const file = await this.storage.read(key);
    return file ? buffer(file.stream) : undefined;
  }
}

/** @tus/s3-store, hashing each PATCH's bytes as they pass (RunningHashes). */
class HashingS3Store extends S3Store {
  constructor(
    options: S3StoreOptions,
    private readonly hashes: RunningHashes,
  ) {
    super(options);
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    const followed = this.hashes.follow(source, id, offset);
    const newOffset = await super.write(followed.stream, id, offset);
    followed.settle(newOffset);
    return newOffset;
  }
}
