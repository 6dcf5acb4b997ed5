import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { AUTH_HEADER_X } from '@spatia/contract';
import { errorEnvelope } from '../lib/envelope.js';

/** `/api/openapi.json` and browsable docs at `/api/docs`, generated from the routes' own schemas. */
export const apiDocsPlugin = fp<{ version: string }>(
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
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'api-docs' },
);
