import { defineModule } from '../../kernel/module.js';
import type { WorkAssetsService } from '../works/index.js';
import { createTusBackend } from './create-tus-backend.js';
import { RedisLocker } from './redis-locker.js';
import { ResumableUploads } from './resumable-uploads.js';
import { tusRoutes } from './tus.routes.js';
import type { ResumableUploadHooks } from './upload-grant.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    tus: {
      /** Resumable uploads at /api/tus (docs/uploads.md). */
      resumableUploads: ResumableUploads;
    };
  }
}

export default defineModule({
  name: 'tus',
  needs: ['works'],
  build: ({ config, storage, workAssets, overrides }) => ({
    resumableUploads: new ResumableUploads(
      createTusBackend(config, storage),
      storage,
      overrides.resumableUploads ?? workAssetUploads(workAssets),
      // With REDIS_URL several processes may take one upload's requests: its lock lives in Redis.
      { publicUrl: config.publicUrl, sharedLocker: config.redisUrl ? new RedisLocker(config.redisUrl) : undefined },
    ),
  }),
  routes: (app, { resumableUploads, metrics }) =>
    app.register(tusRoutes, { uploads: resumableUploads, countBytes: (bytes) => metrics.countUploadBytes(bytes, 'tus') }),
  stop: ({ resumableUploads }) => resumableUploads.close(),
  jobs: ({ resumableUploads }) => [
    { name: 'uploads.cleanup', handler: () => resumableUploads.cleanupExpiredUploads(), options: { schedule: { cron: '17 * * * *' } } },
  ],
});

/** The works module's side of /api/tus: its grants, and attaching each finished upload to its work. */
function workAssetUploads(assets: WorkAssetsService): ResumableUploadHooks {
  return {
    resolveGrant: (token) => assets.resolveGrant(token),
    onComplete: (grant, upload) => assets.attach(grant.grantId, { ...upload, fileName: upload.filename }),
  };
}
