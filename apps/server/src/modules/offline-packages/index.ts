import { defineModule } from '../../kernel/module.js';
import { offlinePackagesRoutes } from './offline-packages.routes.js';
import { OfflinePackages } from './offline-packages.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'offline-packages': {
      /** A tour as a zip that opens without the platform. */
      offlinePackages: OfflinePackages;
    };
  }
}

export default defineModule({
  name: 'offline-packages',
  needs: ['works', 'tours', 'download-tickets', 'narrations'],
  build: ({ config, works, tours, storage, downloadTickets, narrations }) => ({
    offlinePackages: new OfflinePackages(works, tours, storage, downloadTickets, narrations, config.viewerDistDir),
  }),
  routes: (app, { offlinePackages }) => app.register(offlinePackagesRoutes, { offlinePackages }),
});
