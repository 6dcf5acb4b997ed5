import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { PublicImages } from '../uploads/index.js';

/**
 * A space's cover or logo: public like every cover (files.routes.ts serves `covers/` to anyone), within
 * 1600 px, 60 uploads per person and hour.
 */
export function spaceImageStore(storage: StorageDriver, rateLimiter: RateLimiter): PublicImages {
  return new PublicImages(storage, rateLimiter, {
    folder: 'covers/spaces',
    limitName: 'space-image',
    uploadsPerHour: 60,
    width: 1600,
    height: 1600,
    quality: 85,
  });
}
