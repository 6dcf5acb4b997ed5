import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_HEADER_X } from '@spatia/contract';
import { errorEnvelope } from '../lib/envelope.js';

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
        const secured = auth !== undefined && auth !== 'public';
        return { schema: secured ? { ...schema, security: [{ token: [] }] } : schema, url };
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'api-description' },
);

/** Browsable docs at `/api/docs`. */
export async function registerApiDocsUi(pages: FastifyInstance): Promise<void> {
  await pages.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
