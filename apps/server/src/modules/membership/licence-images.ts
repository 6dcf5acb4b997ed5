import { MEMBERSHIP_UPLOAD_MAX_BYTES } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import { takeImage } from '../../lib/image-intake.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { FILES_PREFIX, type FileUrlSigner } from '../uploads/index.js';

/** Uploads per user per window (a licence is a handful of photos; this only stops a script). */
const UPLOADS_PER_WINDOW = 30;
const UPLOAD_WINDOW_SECONDS = 10 * 60;
/** Licence photos are read by a person: 2400 px on the long side keeps small print legible. */
const MAX_SIDE_PX = 2400;

/**
 * Licence images (spec 2.7: business licence, registration certificate or ID), stored privately under
 * `assets/licences/{uid}/{sha256}.webp`, where the hash is of the bytes as uploaded. The key is the
 * record: it says whose upload it is and which licence it shows (one free trial per licence image),
 * so no table is needed. `assets/` is never served without a signed link (files.routes.ts).
 */
export class LicenceImages {
  constructor(
    private readonly storage: StorageDriver,
    private readonly signer: FileUrlSigner,
    private readonly limiter: RateLimiter,
  ) {}

  /** Sniffs, re-encodes (dropping metadata and anything hidden in the file) and stores; answers a link valid for an hour. */
  async upload(owner: { id: number; uid: string }, bytes: Buffer): Promise<{ url: string }> {
    const decision = await this.limiter.hit(`licence-upload:${owner.id}`, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_SECONDS);
    if (!decision.allowed) throw fail('retryIn', { seconds: decision.retryAfterSeconds });
    const key = await takeImage(this.storage, bytes, {
      maxBytes: {
        limit: MEMBERSHIP_UPLOAD_MAX_BYTES,
        refuse: () => fail('uploadTooLarge', { max: `${MEMBERSHIP_UPLOAD_MAX_BYTES / 1024 / 1024} MB` }),
      },
      render: (image) => image.resize(MAX_SIDE_PX, MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
      contentType: 'image/webp',
      keyOf: ({ input }) => licenceKey(owner.uid, input),
    });
    return { url: await this.signer.sign(key) };
  }

  /**
   * The licence hash of each url, if every url names an upload of this user that exists; the urls
   * may be the signed links the upload answered, with or without this site's origin.
   */
  async resolve(ownerUid: string, urls: readonly string[]): Promise<{ path: string; hash: string }[] | undefined> {
    const resolved: { path: string; hash: string }[] = [];
    for (const url of urls) {
      const key = keyOfUrl(url);
      const match = key === undefined ? null : KEY_PATTERN.exec(key);
      if (!match || match[1] !== ownerUid || !(await this.storage.stat(key!))) return undefined;
      resolved.push({ path: `${FILES_PREFIX}${key!}`, hash: match[2]! });
    }
    return resolved;
  }

  /** Links that open stored images for an hour (for their owner and admins). */
  async links(paths: readonly string[]): Promise<string[]> {
    return Promise.all(paths.map((path) => this.signer.sign(path.slice(FILES_PREFIX.length))));
  }
}

const KEY_PATTERN = /^assets\/licences\/([0-9a-f]{1,64})\/([0-9a-f]{64})\.webp$/;

/** The licence hash a stored licence path (`/files/assets/licences/…`) names. */
export function licenceHashOf(path: string): string | undefined {
  return KEY_PATTERN.exec(path.startsWith(FILES_PREFIX) ? path.slice(FILES_PREFIX.length) : path)?.[2];
}

function licenceKey(uid: string, hash: string): string {
  return `assets/licences/${uid}/${hash}.webp`;
}

/** `/files/{key}?…` or `https://host/files/{key}?…` → `{key}`; anything else → undefined. */
function keyOfUrl(url: string): string | undefined {
  let path = url.trim();
  const origin = /^https?:\/\/[^/]+/i.exec(path);
  if (origin) path = path.slice(origin[0].length);
  path = path.split(/[?#]/, 1)[0]!;
  return path.startsWith(FILES_PREFIX) ? path.slice(FILES_PREFIX.length) : undefined;
}
