import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IncomeQuerySchema, IncomeStatSchema, tags } from './income.schemas.js';
import type { IncomeService } from './income.service.js';

const route = routesFor(tags);
const incomeRoute = route.for({ permission: Permission.income });

/** Spec 7.3's revenue query behind `/recode/income` (permission 37). */
export const incomeRoutes: FastifyPluginAsyncTypebox<{ income: IncomeService }> = async (app, { income }) => {
  app.get(
    '/api/revenue/stat',
    incomeRoute({
      summary: 'The caller’s income between two days (default the last 30, at most 366): by source, by day, and the records',
      querystring: IncomeQuerySchema,
      data: IncomeStatSchema,
      failures: [400],
    }),
    async (request) => ok(await income.stat(request.auth!.user.id, request.query)),
  );
};
