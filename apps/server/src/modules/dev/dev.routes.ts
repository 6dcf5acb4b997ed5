import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ConsoleSmsDriver } from '../../drivers/sms/console-sms.js';
import { fail } from '../../lib/app-error.js';
import { ok, responses } from '../../lib/envelope.js';
import { OutboxQuery, OutboxSchema } from './dev.schemas.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Registered only with the console SMS driver and SMS_DEV_OUTBOX=true, and answering only a client on
 * this machine: whoever reads the outbox can reset any account's password.
 */
export const devRoutes: FastifyPluginAsyncTypebox<{ sms: ConsoleSmsDriver }> = async (app, { sms }) => {
  app.get(
    '/api/dev/sms-outbox',
    {
      config: { auth: 'anyone' },
      schema: {
        tags: ['development'],
        summary: 'Latest messages of the console SMS driver (only with SMS_DEV_OUTBOX=true, only from this machine)',
        querystring: OutboxQuery,
        response: responses(OutboxSchema, [403]),
      },
    },
    async (request) => {
      if (!isLocalClient(request)) throw fail('forbidden');
      return ok(sms.latest(request.query.phoneNumber));
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
