import { defineModule } from '../../kernel/module.js';
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
  needs: [],
  build: () => ({ signing: new SigningService() }),
  routes: (app, { signing }) => app.register(signingRoutes, { signing }),
});

export { type SigningService } from './signing.service.js';
