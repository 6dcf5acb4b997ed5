import fp from 'fastify-plugin';

/**
 * The spec's client sends some POST parameters in the query string and others form-encoded. Routes
 * with `config.acceptQueryParams` see both merged into the body (the body wins), so one schema
 * validates them whichever way they came.
 */
export const queryParamsPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (!request.routeOptions.config.acceptQueryParams) return;
      const query = (request.query ?? {}) as Record<string, unknown>;
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      request.body = { ...query, ...body };
    });
  },
  { name: 'query-params' },
);
