import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import type { Services } from './kernel/module.js';
import { assemble, type BuildOptions } from './kernel/platform.js';
import { logsRequests } from './lib/logger.js';
import { trustProxyOption } from './lib/request-info.js';
import { safeInputPlugin } from './lib/safe-input.js';
import { apiDescriptionPlugin, registerApiDocsUi } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler.js';
import { languagePlugin } from './plugins/language.js';
import { registerMetricsRoute, requestMetricsPlugin } from './plugins/metrics.js';
import { queryParamsPlugin } from './plugins/query-params.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { apiSecurityHeadersPlugin, registerPageSecurityHeaders } from './plugins/security-headers.js';
import { webAppPlugin } from './plugins/web-app.js';

export { VERSION, type BuildOptions } from './kernel/platform.js';
export type { Services } from './kernel/module.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * The HTTP server: the platform and its modules (kernel/), the app-wide plugins, then every module's
 * routes in the order the modules were built, and the web app last. A module adds itself by its folder
 * (docs/architecture.md, "Adding a domain"); nothing here names one.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    // Starting the job queue (onReady) migrates pg-boss's tables: on a loaded machine that outlasts Fastify's 10 s.
    pluginTimeout: 120_000,
    // Path parameters up to 600 characters: `/authIdentity/{ids}/details` takes up to 50 comma-separated ids.
    routerOptions: { maxParamLength: 600 },
    // Every input: finite, bounded numbers and no NUL in any string, whatever the route's schema (lib/safe-input.ts).
    ajv: { plugins: [safeInputPlugin] },
    // A URL Fastify cannot route (bad percent-encoding, an over-long parameter): the usual envelope.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const assembly = await assemble(config, options);
  const { services } = assembly;
  app.decorate('services', services);
  app.addHook('onReady', () => assembly.startJobs());
  app.addHook('onClose', () => assembly.close());

  await app.register(apiSecurityHeadersPlugin);
  // Answers are compressed; request bodies never arrive compressed, so no route pays for inflating them.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(formbody);
  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin, { logger: services.logger });
  // Requests are timed only where metrics are read (METRICS_TOKEN or METRICS_PORT): the hook has a cost.
  if (config.metrics) await app.register(requestMetricsPlugin, { metrics: services.metrics });
  if (logsRequests(services.logger)) await app.register(requestLogPlugin, { logger: services.logger });
  await app.register(queryParamsPlugin);
  await app.register(authPlugin, { authService: services.auth });
  await app.register(apiDescriptionPlugin, { version: services.version });
  // With a listener of its own (server.ts), /metrics is not on this port at all.
  if (config.metrics && !config.metrics.listener) await registerMetricsRoute(app, services.metrics, config.metrics.token);

  await assembly.registerRoutes(app);

  await app.register(async (pages) => {
    await registerPageSecurityHeaders(pages, config);
    await registerApiDocsUi(pages);
    await pages.register(webAppPlugin, {
      distDir: config.webDistDir,
      logger: services.logger,
      describePage: (request) => services.seo.describe(request),
    });
  });
  return app;
}
