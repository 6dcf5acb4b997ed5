import { defineModule } from '../../kernel/module.js';
import { FileUrlSigner } from './file-urls.js';
import { UploadsRepository } from './uploads.repository.js';
import { UploadsService } from './uploads.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    uploads: {
      /** Images people upload outside a work (avatars, logos). */
      uploads: UploadsService;
      /** Signs the links to private files (originals, SLR photos) that `/files/*` opens. */
      privateFiles: FileUrlSigner;
    };
  }
}

export default defineModule({
  name: 'uploads',
  needs: [],
  build: ({ config, database, storage, secrets }) => ({
    uploads: new UploadsService(new UploadsRepository(database.db), storage),
    privateFiles: new FileUrlSigner(() => (config.authSecret ? Promise.resolve(config.authSecret) : secrets.get('file-url-hmac'))),
  }),
});

// The public surface of the module: what other modules use.
export { FILES_PREFIX, type FileUrlSigner, SIGNED_FILE_URL_SECONDS, fileUrl } from './file-urls.js';
export { PublicImages, type PublicImageKind } from './public-images.js';
export { ACCEPTED_IMAGE_TYPES, type StoredUpload, UPLOAD_LIMITS, type UploadsService } from './uploads.service.js';
