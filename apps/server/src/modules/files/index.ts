import { StorageHolds } from '../../backup/storage-holds.js';
import { defineModule } from '../../kernel/module.js';
import { filesRoutes } from './files.routes.js';

/**
 * `/files/*`: stored files, public ones to anyone and private ones by signed link, counted as traffic.
 * Hourly, the deletions a backup held and could not carry out itself (it died) are carried out.
 */
export default defineModule({
  name: 'files',
  needs: ['uploads', 'works', 'processing', 'traffic'],
  build: () => ({}),
  routes: (app, { storage, privateFiles, works, processing, traffic }) =>
    app.register(filesRoutes, {
      storage,
      privateFiles,
      isPublicAsset: (key) => works.isPublicAssetKey(key),
      storedKeyOf: (key) => processing.storedKeyOf(key),
      onServed: (served) => traffic.record(served),
    }),
  jobs: ({ database, storage }) => [
    {
      name: 'files.heldDeletions',
      handler: () => new StorageHolds(database.db).flush(storage),
      options: { schedule: { cron: '41 * * * *' } },
    },
  ],
});

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    files: object;
  }
}
