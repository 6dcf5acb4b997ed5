import path from 'node:path';
import type { Config } from '../../config/config.js';
import { LocalStorageDriver } from './local-storage.js';
import { S3StorageDriver } from './s3-storage.js';
import type { StorageDriver } from './storage-driver.js';

/** The configured S3-compatible bucket, else the local disk under DATA_DIR/storage. */
export function createStorageDriver(config: Pick<Config, 'dataDir' | 's3'>): StorageDriver {
  return config.s3 ? new S3StorageDriver(config.s3) : new LocalStorageDriver(path.join(config.dataDir, 'storage'));
}
