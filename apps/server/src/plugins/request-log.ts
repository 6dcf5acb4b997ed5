import fp from 'fastify-plugin';
import type { Logger } from '../lib/logger.js';

/** A line when a request arrives and one when it is answered, with its id, as Fastify's own logging writes. */
export const requestLogPlugin = fp<{ logger: Logger }>(
  async (app, { logger }) => {
    app.addHook('onRequest', async (request) => {
      logger.info({ reqId: request.id, req: { method: request.method, url: request.url, remoteAddress: request.ip } }, 'incoming request');
    });
    app.addHook('onResponse', async (request, reply) => {
      logger.info(
        {
          reqId: request.id,
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    });
  },
  { name: 'request-log' },
);
