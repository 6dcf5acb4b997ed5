import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_HEADER_X } from '@spatia/contract';
import { errorEnvelope } from '../lib/envelope.js';
import type { AuthRule } from '../types/fastify.js';

/** `/api/openapi.json`, generated from the routes' own schemas. Register before the routes. */
export const apiDescriptionPlugin = fp<{ version: string }>(
  async (app, { version }) => {
    app.addSchema(errorEnvelope);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Spatia API',
          version,
          description:
            'Every answer is `{code, msg, data}`: code 0 on success; a non-zero code with an HTTP error status otherwise ' +
            '(catalogue in docs/errors.md). Messages follow the `language` cookie, then Accept-Language, then zh.',
        },
        components: {
          securitySchemes: { token: { type: 'apiKey', in: 'header', name: AUTH_HEADER_X } },
        },
      },
      transform: ({ schema, url, route }) => {
        const auth = route.config?.auth;
        if (auth === undefined) return { schema, url };
        const secured = auth !== 'public' && auth !== 'anyone';
        const described = { ...schema, 'x-auth': describeAuthRule(auth) };
        return { schema: secured ? { ...described, security: [{ token: [] }] } : described, url };
      },
    });
    // Every route, the hidden ones too: what the route-rules test walks. Kept by reference, as a later
    // onRoute hook of the route's own scope may still declare its rule (declareAnyoneInScope).
    const registered: RouteOptions[] = [];
    registeredRoutes.set(app, registered);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    app.get('/api/openapi.json', { config: { auth: 'anyone' }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'api-description' },
);

/** A route as registered: its rule (undefined when it declares none) and whether the API document hides it. */
export interface DeclaredRoute {
  method: string;
  url: string;
  auth: AuthRule | undefined;
  hidden: boolean;
}

const registeredRoutes = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Every route registered after the API description, as declared (plugins/route-rules.api.test.ts). */
export function declaredRoutesOf(app: FastifyInstance): DeclaredRoute[] {
  return (registeredRoutes.get(app) ?? []).flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
      method,
      url: route.url,
      auth: route.config?.auth,
      hidden: route.schema?.hide === true,
    })),
  );
}

/**
 * Routes that plugins of other authors register (the API docs UI, the web app's static files) cannot
 * declare a rule themselves: they are documents for anyone, so their scope declares `'anyone'` for
 * each route that has no rule. Only `'anyone'` may be declared this way: it needs no auth hook, which
 * the auth plugin's own onRoute hook, running before this one, could no longer add.
 */
export function declareAnyoneInScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    if (route.config?.auth === undefined) route.config = { ...route.config, auth: 'anyone' };
  });
}

/** The `x-auth` extension of an operation: 'public', 'signedIn', 'role:admin', 'role:photographer|customer' or 'permission:35'. */
export function describeAuthRule(rule: AuthRule): string {
  if (rule === 'public' || rule === 'anyone') return 'public';
  if (rule === 'signedIn') return 'signedIn';
  if ('role' in rule) return `role:${rule.role}`;
  if ('anyRole' in rule) return `role:${rule.anyRole.join('|')}`;
  return `permission:${rule.permission}`;
}

/** Browsable docs at `/api/docs`, for anyone. */
export async function registerApiDocsUi(pages: FastifyInstance): Promise<void> {
  await pages.register(async (docs) => {
    declareAnyoneInScope(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
