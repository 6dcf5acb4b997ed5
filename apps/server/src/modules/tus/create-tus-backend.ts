import path from 'node:path';
import type { Config } from '../../config/config.js';
import { HeldDeletionsStorage } from '../../backup/storage-holds.js';
import { S3StorageDriver } from '../../drivers/storage/s3-storage.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { FileTusBackend } from './file-tus-backend.js';
import { S3TusBackend } from './s3-tus-backend.js';
import { UPLOAD_EXPIRY_MS, type TusBackend } from './tus-backend.js';

/** The S3 store when files live in S3 (same bucket, so completion copies inside it), else files on disk. */
export function createTusBackend(config: Pick<Config, 'dataDir'>, storage: StorageDriver, expiryMs = UPLOAD_EXPIRY_MS): TusBackend {
  // Uploads in progress are no stored files: the S3 store works on the bucket itself, past the backup's holds.
  const bucket = storage instanceof HeldDeletionsStorage ? storage.inner : storage;
  if (bucket instanceof S3StorageDriver) return new S3TusBackend(bucket, expiryMs);
  return new FileTusBackend(path.join(config.dataDir, 'tus'), storage, expiryMs);
}
