import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { AUTH_HEADER_X } from '@spatia/contract';
import type { Config } from './config/config.js';
import { openDatabase, type Database } from './db/database.js';
import { createCache, type Cache } from './lib/cache.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { HealthService } from './modules/health/health.service.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { languagePlugin } from './plugins/language.js';
import { queryParamsPlugin } from './plugins/query-params.js';
import { webAppPlugin } from './plugins/web-app.js';

export const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

export interface Services {
  database: Database;
  cache: Cache;
  users: UsersService;
  auth: AuthService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise the configured one is opened and closed with the app. */
  database?: Database;
  cache?: Cache;
}

/** Assembles the whole server in one place: external plugins, then app plugins, then the modules. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const database = options.database ?? (await openDatabase(config.database));
  const cache = options.cache ?? createCache(config.redisUrl);
  const services = createServices(database, cache);
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await cache.close();
    if (!options.database) await database.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityDirectives(config) },
    // Plain-HTTP deployments on a LAN must still load their own assets.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(formbody);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-expose-headers', AUTH_HEADER_X);
  });

  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(queryParamsPlugin);
  await app.register(authPlugin, { authService: services.auth });
  await app.register(apiDocsPlugin, { version: VERSION });

  await app.register(healthRoutes, { health: new HealthService(database, VERSION) });
  await app.register(authRoutes, { auth: services.auth });
  await app.register(usersRoutes, { users: services.users });
  await app.register(siteRoutes, { config });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}

export function createServices(database: Database, cache: Cache): Services {
  const usersRepository = new UsersRepository(database.db);
  const users = new UsersService(usersRepository, cache);
  const auth = new AuthService(new SessionsRepository(database.db), usersRepository, users, cache);
  return { database, cache, users, auth };
}

/** The web app talks to this origin, plus the separately hosted APIs the operator configured. */
function contentSecurityDirectives(config: Config) {
  const apiOrigins = [config.site.TJHX_API_BASE_URL, config.site.POINT_CLOUD_API_BASE_URL, config.site.MAPS_API_BASE_URL]
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...apiOrigins],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    workerSrc: ["'self'", 'blob:'],
    upgradeInsecureRequests: null,
  };
}
