import { defineModule } from '../../kernel/module.js';
import { ServiceOrdersRepository } from './service-orders.repository.js';
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
  needs: ['signing', 'users', 'works', 'processing', 'transfers', 'ledger', 'recharge', 'notifications', 'admin-log'],
  build: ({ database, signing, users, works, processing, transfers, ledger, recharge, refunds, notifications, adminLog, logger }) => ({
    serviceOrders: new ServiceOrdersService(new ServiceOrdersRepository(database.db), {
      signing,
      users,
      works,
      processing,
      transfers,
      ledger,
      recharge,
      refunds,
      notifications,
      adminLog,
      log: logger,
    }),
  }),
  routes: (app, { serviceOrders }) => app.register(serviceOrdersRoutes, { serviceOrders }),
  // Placed orders left unpaid past SERVICE_UNPAID_EXPIRY_MINUTES are cancelled within a minute (docs/service-orders.md "Unpaid orders expire").
  jobs: ({ serviceOrders }) => [
    { name: 'serviceOrders.expireUnpaid', handler: () => serviceOrders.expireUnpaid(), options: { schedule: { cron: '* * * * *' } } },
  ],
});

// The public surface of the module: what other modules use (the orders pages).
export { type ServiceOrderRow } from './service-orders.repository.js';
export { type ServiceOrdersService } from './service-orders.service.js';
