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

declare module '../../kernel/domain-events.js' {
  interface DomainEventMap {
    /** A part of a service order was paid by QR into the held account (the team's promotion rewards, docs/team.md). */
    'serviceOrder.paid': { reference: string; orderNo: string; payerUserId: number; amountFen: number; paidAt: number };
    /** A cancellation gave `amountFen` of what was paid back to the customer. */
    'serviceOrder.refunded': { orderNo: string; refundReference: string; amountFen: number };
  }
}

export default defineModule({
  name: 'service-orders',
  emits: ['serviceOrder.paid', 'serviceOrder.refunded'],
  needs: ['signing', 'users', 'works', 'processing', 'transfers', 'ledger', 'recharge', 'notifications', 'admin-log'],
  build: ({
    database,
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
    logger,
    events,
  }) => ({
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
      events,
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
