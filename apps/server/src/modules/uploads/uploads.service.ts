import { randomBytes } from 'node:crypto';
import type { Sharp } from 'sharp';
import type { UploadGrant } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import type { ImageType } from '../../lib/file-signature.js';
import { takeImage } from '../../lib/image-intake.js';
import { hashToken } from '../auth/index.js';
import type { UploadKind, UploadsRepository } from './uploads.repository.js';

export const GRANT_LIFETIME_MS = 10 * 60 * 1000;
export const ACCEPTED_IMAGE_TYPES: readonly ImageType[] = ['image/png', 'image/jpeg', 'image/webp'];
export const UPLOAD_LIMITS: Record<UploadKind, number> = { avatar: 5 * 1024 * 1024, enterpriseLogo: 2 * 1024 * 1024 };

export interface StoredUpload {
  kind: UploadKind;
  key: string;
}

/** What each kind of image becomes: square avatars, logos fitted in 800x400, metadata stripped. */
const normalizers: Record<UploadKind, { extension: string; render: (image: Sharp) => Sharp }> = {
  avatar: { extension: 'webp', render: (image) => image.resize(512, 512, { fit: 'cover' }).webp({ quality: 86 }) },
  enterpriseLogo: {
    extension: 'png',
    render: (image) => image.resize(800, 400, { fit: 'inside', withoutEnlargement: true }).png({ compressionLevel: 9 }),
  },
};

/**
 * One-time upload grants and what happens to the bytes: the type is read from the content, the image
 * is decoded and re-encoded (which drops metadata and anything hidden in it), and it is stored under
 * a content-addressed key, so its URL changes whenever the picture does.
 */
export class UploadsService {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly storage: StorageDriver,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async issueGrant(userId: number, kind: UploadKind): Promise<UploadGrant> {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = this.now() + GRANT_LIFETIME_MS;
    await this.repository.insertGrant({
      tokenHash: hashToken(token),
      userId,
      kind,
      maxBytes: UPLOAD_LIMITS[kind],
      expiresAt: new Date(expiresAt),
    });
    return {
      uploadUrl: `/api/uploads/${token}`,
      method: 'PUT',
      maxBytes: UPLOAD_LIMITS[kind],
      accept: [...ACCEPTED_IMAGE_TYPES],
      expiresAt,
    };
  }

  async receive(token: string, userId: number, ownerUid: string, bytes: Buffer): Promise<StoredUpload> {
    const grant = await this.repository.findUsable(hashToken(token), userId, new Date(this.now()));
    if (!grant) throw fail('uploadGrantInvalid');
    const normalizer = normalizers[grant.kind];
    const folder = grant.kind === 'avatar' ? 'avatars' : 'logos';
    const key = await takeImage(this.storage, bytes, {
      maxBytes: { limit: grant.maxBytes, refuse: () => fail('payloadTooLarge') },
      render: normalizer.render,
      contentType: normalizer.extension === 'png' ? 'image/png' : 'image/webp',
      beforeStore: async () => {
        if (!(await this.repository.claim(grant.id, new Date(this.now())))) throw fail('uploadGrantInvalid');
      },
      keyOf: ({ output }) => `${folder}/${ownerUid}/${output.slice(0, 20)}.${normalizer.extension}`,
    });
    return { kind: grant.kind, key };
  }
}
