import { defineModule } from '../../kernel/module.js';
import { serviceOrdersRoutes } from './service-orders.routes.js';
import { ServiceOrdersService } from './service-orders.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'service-orders': {
      /** Service orders, their price rules and coupons (docs/service-orders.md). */
      serviceOrders: ServiceOrdersService;
    };
  }
}

export default defineModule({
  name: 'service-orders',
  needs: ['signing'],
  build: () => ({ serviceOrders: new ServiceOrdersService() }),
  routes: (app, { serviceOrders }) => app.register(serviceOrdersRoutes, { serviceOrders }),
});

export { type ServiceOrdersService } from './service-orders.service.js';
