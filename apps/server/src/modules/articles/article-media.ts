import { createHash } from 'node:crypto';
import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_VIDEO_MAX_BYTES } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import { detectContentType } from '../../lib/file-signature.js';
import { takeImage } from '../../lib/image-intake.js';
import { fileUrl } from '../uploads/index.js';

/** Images are read on a page at most about 1600 px wide; 2400 px keeps them sharp on dense screens. */
const MAX_SIDE_PX = 2400;

/**
 * The editor's uploads, public once stored (`/files/articles/…`): images sniffed, re-encoded as WebP
 * (dropping metadata and anything hidden) under their content address; videos sniffed (MP4 or WebM) and
 * stored as sent under theirs. No table: the key is the record, and an article names it in its document.
 */
export class ArticleMedia {
  constructor(private readonly storage: StorageDriver) {}

  async storeImage(bytes: Buffer): Promise<{ url: string }> {
    const key = await takeImage(this.storage, bytes, {
      maxBytes: {
        limit: ARTICLE_IMAGE_MAX_BYTES,
        refuse: () => fail('uploadTooLarge', { max: `${ARTICLE_IMAGE_MAX_BYTES / 1024 / 1024} MB` }),
      },
      render: (image) => image.resize(MAX_SIDE_PX, MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
      contentType: 'image/webp',
      keyOf: ({ output }) => `articles/images/${output}.webp`,
    });
    return { url: fileUrl(key) };
  }

  async storeVideo(bytes: Buffer): Promise<{ url: string }> {
    if (bytes.length > ARTICLE_VIDEO_MAX_BYTES) throw fail('uploadTooLarge', { max: `${ARTICLE_VIDEO_MAX_BYTES / 1024 / 1024} MB` });
    const type = detectContentType(bytes.subarray(0, 256));
    if (type !== 'video/mp4' && type !== 'video/webm') throw fail('articleVideoUnsupported');
    const key = `articles/videos/${createHash('sha256').update(bytes).digest('hex')}.${type === 'video/mp4' ? 'mp4' : 'webm'}`;
    await this.storage.put(key, bytes, type);
    return { url: fileUrl(key) };
  }
}
