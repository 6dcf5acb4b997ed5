import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import { takeImage } from '../../lib/image-intake.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { fileUrl } from '../uploads/index.js';

/** Public like every cover (files.routes.ts serves `covers/` to anyone), in the uploader's own folder. */
const FOLDER = 'covers/spaces';
const UPLOADS_PER_HOUR = 60;

/**
 * A space's cover or logo: decoded, turned upright and re-encoded as WebP within 1600 px (so nothing but
 * pixels is kept), named by its content in the uploader's folder, and answered as its public link.
 */
export class SpaceImages {
  constructor(
    private readonly storage: StorageDriver,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async store(owner: { id: number; uid: string }, bytes: Buffer): Promise<{ url: string }> {
    const decision = await this.rateLimiter.hit(`space-image:${owner.id}`, UPLOADS_PER_HOUR, 3600);
    if (!decision.allowed) throw fail('retryIn', { seconds: decision.retryAfterSeconds });
    const key = await takeImage(this.storage, bytes, {
      render: (image) => image.rotate().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
      contentType: 'image/webp',
      keyOf: ({ output }) => `${FOLDER}/${owner.uid}/${output.slice(0, 20)}.webp`,
    });
    return { url: fileUrl(key) };
  }
}
