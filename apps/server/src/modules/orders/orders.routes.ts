import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { OrderFilterQuery, OrderListQuery, OrderPageSchema, tags } from './orders.schemas.js';
import type { OrderQuery, OrdersService } from './orders.service.js';

const route = routesFor(tags);
const orderRoute = route.for({ permission: Permission.order });

/** '' from a cleared filter means no filter. */
function orderQuery(query: {
  direction: OrderQuery['direction'];
  type: OrderQuery['type'];
  status?: string;
  startTime?: string;
  endTime?: string;
}) {
  return {
    direction: query.direction,
    type: query.type,
    status: (query.status || undefined) as OrderQuery['status'],
    startTime: query.startTime || undefined,
    endTime: query.endTime || undefined,
  };
}

/** Spec 2.4's order pages (permission 162): the caller's purchase and income orders, and their CSV export (docs/orders.md). */
export const ordersRoutes: FastifyPluginAsyncTypebox<{ orders: OrdersService }> = async (app, { orders }) => {
  app.get(
    '/api/c/orders',
    orderRoute({
      summary: 'The caller’s orders of one kind, newest first, with the totals of all that match (service-provider purchases: merchants)',
      querystring: OrderListQuery,
      data: OrderPageSchema,
      failures: [400],
    }),
    async (request) => {
      const { pageNum, pageSize, ...filters } = request.query;
      return ok(await orders.list(request.auth!.user, orderQuery(filters), pageNum, pageSize, request.language));
    },
  );

  app.get(
    '/api/c/orders/export',
    orderRoute({
      summary: 'The same orders as a CSV file (UTF-8 with BOM, headers in the caller’s language, yuan, at most 10,000 rows)',
      querystring: OrderFilterQuery,
    }),
    async (request, reply) => {
      const { fileName, csv } = await orders.exportCsv(request.auth!.user, orderQuery(request.query), request.language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
