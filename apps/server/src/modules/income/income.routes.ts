import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { ok, responses } from '../../lib/envelope.js';
import { IncomeQuerySchema, IncomeStatSchema, tags } from './income.schemas.js';
import type { IncomeService } from './income.service.js';

/** Spec 7.3's revenue query behind `/recode/income` (permission 37). */
export const incomeRoutes: FastifyPluginAsyncTypebox<{ income: IncomeService }> = async (app, { income }) => {
  app.get(
    '/api/revenue/stat',
    {
      config: { auth: { permission: Permission.income } },
      schema: {
        tags,
        summary: 'The caller’s income between two days (default the last 30, at most 366): by source, by day, and the records',
        querystring: IncomeQuerySchema,
        response: responses(IncomeStatSchema, [400, 401, 403]),
      },
    },
    async (request) => ok(await income.stat(request.auth!.user.id, request.query)),
  );
};
