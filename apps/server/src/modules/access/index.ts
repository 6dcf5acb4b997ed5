import { defineModule } from '../../kernel/module.js';
import { AccessRepository } from './access.repository.js';
import { accessRoutes } from './access.routes.js';
import { AccessService } from './access.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    access: {
      /** The permission catalogue and the back office's permission tree (docs/access.md). */
      access: AccessService;
    };
  }
}

export default defineModule({
  name: 'access',
  needs: ['users'],
  build: ({ database, cache, users }) => ({ access: new AccessService(new AccessRepository(database.db), users, cache) }),
  routes: (app, { access }) => app.register(accessRoutes, { access }),
});
