import { defineModule } from '../../kernel/module.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { createOrderSources } from './order-sources.js';
import { ordersRoutes } from './orders.routes.js';
import { OrdersService } from './orders.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    orders: {
      /** The order pages and their export, over the payments and transfers (docs/orders.md). */
      orders: OrdersService;
    };
  }
}

export default defineModule({
  name: 'orders',
  needs: ['recharge', 'transfers', 'membership', 'service-orders'],
  build: ({ recharge, transfers, membership, serviceOrders, config }) => ({
    orders: new OrdersService(
      createOrderSources({ recharge, transfers, membership, serviceOrders }),
      new BusinessCalendar(config.businessTimeZone),
    ),
  }),
  routes: (app, { orders }) => app.register(ordersRoutes, { orders }),
});

// The public surface of the module: what other modules use.
export { DayQuery } from './orders.schemas.js';
