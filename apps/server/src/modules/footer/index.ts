import { defineModule } from '../../kernel/module.js';
import { footerRoutes } from './footer.routes.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    footer: object;
  }
}

/** What every page of the site shows from the configuration (the footer's filing numbers, contacts). */
export default defineModule({
  name: 'footer',
  needs: [],
  build: () => ({}),
  routes: (app, { config }) => app.register(footerRoutes, { config }),
});
