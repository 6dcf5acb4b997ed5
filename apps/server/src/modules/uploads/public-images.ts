import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import { takeImage } from '../../lib/image-intake.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { FILES_PREFIX, fileUrl } from './file-urls.js';

export interface PublicImageKind {
  /** The public folder (files.routes.ts serves it to anyone); each uploader has a folder of their own in it. */
  folder: string;
  /** The rate limiter's name for this kind. */
  limitName: string;
  uploadsPerHour: number;
  /** The box the picture is fitted within (never enlarged). */
  width: number;
  height: number;
  /** WebP quality. */
  quality: number;
}

/**
 * Pictures people upload for a public page (a brand's logo, a space's cover): decoded, turned upright and
 * re-encoded as WebP within the kind's box (so nothing but pixels is kept), named by their content in the
 * uploader's folder, and answered as their public link. At most `uploadsPerHour` per person.
 */
export class PublicImages {
  constructor(
    private readonly storage: StorageDriver,
    private readonly rateLimiter: RateLimiter,
    private readonly kind: PublicImageKind,
  ) {}

  async store(owner: { id: number; uid: string }, bytes: Buffer): Promise<{ url: string }> {
    const { folder, limitName, uploadsPerHour, width, height, quality } = this.kind;
    const decision = await this.rateLimiter.hit(`${limitName}:${owner.id}`, uploadsPerHour, 3600);
    if (!decision.allowed) throw fail('retryIn', { seconds: decision.retryAfterSeconds });
    const key = await takeImage(this.storage, bytes, {
      render: (image) => image.rotate().resize(width, height, { fit: 'inside', withoutEnlargement: true }).webp({ quality }),
      contentType: 'image/webp',
      keyOf: ({ output }) => `${folder}/${owner.uid}/${output.slice(0, 20)}.webp`,
    });
    return { url: fileUrl(key) };
  }

  /** Whether `url` is a link this uploader's store answered: a page shows only its owner's pictures. */
  isOwnLink(ownerUid: string, url: string): boolean {
    return url.startsWith(`${FILES_PREFIX}${this.kind.folder}/${ownerUid}/`);
  }
}
