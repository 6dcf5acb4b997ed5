import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ConsoleSmsDriver } from '../../drivers/sms/console-sms.js';
import { fail } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import type { BillingService } from '../billing/index.js';
import { BillDayParams, BilledDaySchema, OutboxQuery, OutboxSchema } from './dev.schemas.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const route = routesFor(['development']);

/**
 * Registered only with the console SMS driver and SMS_DEV_OUTBOX=true, and answering only a client on
 * this machine: whoever reads the outbox can reset any account's password, and billing a day early
 * leaves the rest of its traffic unbilled.
 */
export const devRoutes: FastifyPluginAsyncTypebox<{ sms: ConsoleSmsDriver; billing: BillingService }> = async (app, { sms, billing }) => {
  app.get(
    '/api/dev/sms-outbox',
    route.anyone({
      summary: 'Latest messages of the console SMS driver (only with SMS_DEV_OUTBOX=true, only from this machine)',
      querystring: OutboxQuery,
      data: OutboxSchema,
      failures: [403],
    }),
    async (request) => {
      if (!isLocalClient(request)) throw fail('forbidden');
      return ok(sms.latest(request.query.phoneNumber));
    },
  );

  // The journeys cannot wait for midnight: they bill the day so far, as the daily job bills a finished day.
  app.post(
    '/api/dev/billing/:day',
    route.anyone({
      summary:
        'Bill a day now, then settle, pause and notify as the 5-minute job does (development only, this machine only; traffic of the day served later is not billed)',
      params: BillDayParams,
      data: BilledDaySchema,
      failures: [400, 403],
    }),
    async (request) => {
      if (!isLocalClient(request)) throw fail('forbidden');
      const bills = await billing.billDay(request.params.day);
      await billing.enforce();
      return ok({ bills });
    },
  );
};

/**
 * The connection itself comes from loopback and no proxy forwarded it: behind a reverse proxy on the
 * same machine every visitor's connection is a loopback one, so `request.ip` alone would not do.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && FORWARDING_HEADERS.every((header) => request.headers[header] === undefined);
}
