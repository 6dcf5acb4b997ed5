import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  assertSafeKey,
  UnsatisfiableRangeError,
  type ByteRange,
  type FileStat,
  type ListedFile,
  type StorageDriver,
  type StoredFile,
} from './storage-driver.js';

export interface S3StorageConfig {
  /** Empty for AWS itself; the service's URL for any other S3-compatible store. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket.host/key` (false, AWS's default) or `host/bucket/key` (true, most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface S3TransferOptions {
  /** Files up to this size go up in one PutObject; larger ones as a multipart upload. */
  multipartThreshold?: number;
  /** Preferred part size of multipart uploads (raised when a file would need more than 10,000 parts). */
  partSize?: number;
  /** Parts uploaded at the same time. */
  partConcurrency?: number;
  /** Objects up to this size are copied with one CopyObject; S3 refuses larger ones. */
  copyLimit?: number;
}

const MIB = 1024 * 1024;
const MIN_PART_SIZE = 5 * MIB;
const MAX_PARTS = 10_000;
const DEFAULT_TRANSFER: Required<S3TransferOptions> = {
  multipartThreshold: 64 * MIB,
  partSize: 16 * MIB,
  partConcurrency: 4,
  copyLimit: 5 * 1024 * MIB,
};

/**
 * The SDK client settings every S3 user of the server shares (this driver and the tus S3 store).
 * Checksums only where S3 requires them: the SDK's default sends every streamed body as
 * `aws-chunked` with a trailing CRC32, which several S3-compatible stores store verbatim or refuse.
 */
export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * Files in an S3-compatible bucket through the official SDK. Large files go up as multipart uploads
 * whose parts are read from disk one range at a time, so memory stays at a few parts whatever the size.
 */
export class S3StorageDriver implements StorageDriver {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly transfer: Required<S3TransferOptions>;

  constructor(
    readonly config: S3StorageConfig,
    transfer: S3TransferOptions = {},
  ) {
    this.client = new S3Client(s3ClientConfig(config));
    this.bucket = config.bucket;
    this.transfer = { ...DEFAULT_TRANSFER, ...transfer };
  }

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: content, ContentType: contentType }));
  }

  async putFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await stat(sourcePath);
    if (size <= this.transfer.multipartThreshold) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } else {
      await this.uploadInParts(key, contentType, size, (start, end) => createReadStream(sourcePath, { start, end }));
    }
    await rm(sourcePath, { force: true });
  }

  async read(key: string, range?: ByteRange): Promise<StoredFile | undefined> {
    assertSafeKey(key);
    if (range && (range.start < 0 || range.end < range.start)) throw new RangeError(`invalid range ${range.start}-${range.end}`);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : answer.ContentLength;
      return { stream: answer.Body as Readable, size: total ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      if (range && statusOf(error) === 416) {
        const found = await this.stat(key);
        if (!found) return undefined;
        throw new UnsatisfiableRangeError(range, found.size);
      }
      throw error;
    }
  }

  async stat(key: string): Promise<FileStat | undefined> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0, modifiedAt: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Lists the folder a page at a time (at most 1,000 keys, also DeleteObjects' limit) and deletes each page. */
  async deleteFolder(folder: string): Promise<void> {
    assertSafeKey(folder);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, ContinuationToken: continuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0)
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** A page of up to 1,000 keys per request (ListObjectsV2); only what is stored, never multipart uploads in progress. */
  async *list(folder?: string): AsyncIterable<ListedFile> {
    if (folder !== undefined) assertSafeKey(folder);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder === undefined ? undefined : `${folder}/`,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /**
   * Copies an object of this bucket inside the store, without the bytes passing through this
   * server. Objects over S3's CopyObject limit (5 GiB) are streamed through instead, part by part.
   */
  async copyWithin(sourceKey: string, key: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: sourceKey }));
    const size = found.ContentLength ?? 0;
    if (size <= this.transfer.copyLimit) {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: key,
          CopySource: `${this.bucket}/${encodeURIComponent(sourceKey).replaceAll('%2F', '/')}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
      return;
    }
    await this.uploadInParts(key, contentType, size, (start, end) => this.openRange(sourceKey, start, end));
  }

  private async openRange(key: string, start: number, end: number): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }));
    return answer.Body as Readable;
  }

  /** A multipart upload whose parts come from `openPart(start, end)`, a few at a time; aborted on failure. */
  private async uploadInParts(
    key: string,
    contentType: string,
    size: number,
    openPart: (start: number, end: number) => Readable | Promise<Readable>,
  ): Promise<void> {
    const partSize = Math.max(MIN_PART_SIZE, this.transfer.partSize, Math.ceil(size / MAX_PARTS));
    const partCount = Math.max(1, Math.ceil(size / partSize));
    const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error(`S3 gave no upload id for ${key}`);
    try {
      const parts: CompletedPart[] = new Array(partCount);
      let next = 0;
      let failed = false;
      const worker = async () => {
        while (!failed && next < partCount) {
          const index = next;
          next += 1;
          const start = index * partSize;
          const end = Math.min(size, start + partSize) - 1;
          const answer = await this.client.send(
            new UploadPartCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: index + 1,
              Body: await openPart(start, end),
              ContentLength: end - start + 1,
            }),
          );
          parts[index] = { ETag: answer.ETag, PartNumber: index + 1 };
        }
      };
      const workers = Array.from({ length: Math.min(this.transfer.partConcurrency, partCount) }, () =>
        worker().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      );
      // Every worker has stopped before the upload is completed or aborted.
      const outcomes = await Promise.allSettled(workers);
      const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
      if (rejected) throw rejected.reason;
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      // Best effort: parts of an abandoned upload cost storage until aborted (or a bucket lifecycle rule).
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}
