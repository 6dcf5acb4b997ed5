import { defineModule } from '../../kernel/module.js';
import { IdentityRepository } from './identity.repository.js';
import { identityRoutes } from './identity.routes.js';
import { IdentityService } from './identity.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    identity: {
      /** Identity authentication and the badges approved identities show beside a person's name. */
      identity: IdentityService;
    };
  }
}

export default defineModule({
  name: 'identity',
  needs: ['users', 'uploads', 'sensitive-words', 'notifications', 'admin-log'],
  build: ({ database, users, storage, privateFiles, cache, rateLimiter, sensitiveWords, notifications, adminLog }) => ({
    identity: new IdentityService(new IdentityRepository(database.db), {
      users,
      storage,
      privateFiles,
      cache,
      rateLimiter,
      sensitiveWords,
      notifications,
      adminLog,
    }),
  }),
  routes: (app, { identity }) => app.register(identityRoutes, { identity }),
});

// The public surface of the module: what other modules use.
export { type IdentityService } from './identity.service.js';
