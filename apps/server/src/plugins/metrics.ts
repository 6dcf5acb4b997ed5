import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MetricsConfig } from '../config/config.js';
import { fail } from '../lib/app-error.js';
import type { Logger } from '../lib/logger.js';
import { carriesBearerToken, type Metrics } from '../lib/metrics.js';
import { errorHandlerPlugin } from './error-handler.js';
import { languagePlugin } from './language.js';

export const METRICS_PATH = '/metrics';

/**
 * Times every request under its route pattern (`/api/model/:uid`, never the URL itself, so the labels stay
 * few); a path no route matches counts as `unmatched`. Registered only where metrics are read.
 */
export const requestMetricsPlugin = fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'request-metrics' },
);

/**
 * `GET /metrics` in Prometheus's text format. Its rule is its own: no session (`anyone`), but with a token
 * configured only `Authorization: Bearer <token>` gets an answer (401, code 1003, otherwise).
 */
export async function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): Promise<void> {
  app.get(
    METRICS_PATH,
    {
      config: { auth: 'anyone' },
      schema: { hide: true },
      onRequest: async (request, reply) => {
        if (token === undefined || carriesBearerToken(request.headers.authorization, token)) return;
        reply.header('www-authenticate', 'Bearer');
        throw fail('bearerTokenRequired');
      },
    },
    async (_request, reply) => {
      const { contentType, text } = await metrics.exposition();
      return reply.type(contentType).send(text);
    },
  );
}

/**
 * The metrics on a listener of their own (METRICS_PORT), for the server and the worker alike: nothing
 * else answers there, and the public port has no `/metrics`. Closed with the process.
 */
export async function startMetricsListener(
  config: MetricsConfig & { listener: NonNullable<MetricsConfig['listener']> },
  metrics: Metrics,
  logger: Logger,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin, { logger });
  await registerMetricsRoute(app, metrics, config.token);
  const address = await app.listen(config.listener);
  logger.info({ address }, `metrics at ${address}${METRICS_PATH}`);
  return app;
}
