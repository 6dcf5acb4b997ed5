import { defineModule } from '../../kernel/module.js';
import { siteRoutes } from './site.routes.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    site: object;
  }
}

/** What every page of the site shows from the configuration (the footer's filing numbers, contacts). */
export default defineModule({
  name: 'site',
  needs: [],
  build: () => ({}),
  routes: (app, { config }) => app.register(siteRoutes, { config }),
});
