import { defineModule } from '../../kernel/module.js';
import { SigningRepository } from './signing.repository.js';
import { signingRoutes } from './signing.routes.js';
import { SigningService } from './signing.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    signing: {
      /** Signed service providers and their applications (docs/service-orders.md "Signing"). */
      signing: SigningService;
    };
  }
}

export default defineModule({
  name: 'signing',
  needs: ['users', 'works', 'notifications', 'admin-log'],
  build: ({ database, users, works, notifications, adminLog }) => ({
    signing: new SigningService(new SigningRepository(database.db), users, works, notifications, adminLog),
  }),
  routes: (app, { signing }) => app.register(signingRoutes, { signing }),
});

// The public surface of the module: what other modules use (service-orders: who may accept what).
export { type ActiveProvider, type ProviderOrderCounts, type SigningService } from './signing.service.js';
