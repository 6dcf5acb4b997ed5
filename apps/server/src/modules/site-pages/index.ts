import { defineModule } from '../../kernel/module.js';
import { SitePagesRepository } from './site-pages.repository.js';
import { sitePagesRoutes } from './site-pages.routes.js';
import { SitePagesService } from './site-pages.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'site-pages': {
      /** The editable site pages and their versions (docs/site-pages.md). */
      sitePages: SitePagesService;
    };
  }
}

export default defineModule({
  name: 'site-pages',
  needs: ['users', 'admin-log'],
  build: ({ database, adminLog, users }) => ({
    sitePages: new SitePagesService({ repository: new SitePagesRepository(database.db), adminLog, users }),
  }),
  routes: (app, { sitePages }) => app.register(sitePagesRoutes, { sitePages }),
});

// The public surface of the module: what other modules use.
export { type SitePagesService } from './site-pages.service.js';
