import type { preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { prependRouteHook } from './route-hooks.js';

/**
 * The spec's client sends some POST parameters in the query string and others form-encoded. Routes
 * with `config.acceptQueryParams` see both merged into the body (the body wins), so one schema
 * validates them whichever way they came. Other routes pay nothing.
 */
const mergeQueryIntoBody: preValidationAsyncHookHandler = async (request) => {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  request.body = { ...query, ...body };
};

export const queryParamsPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!route.config?.acceptQueryParams) return;
      prependRouteHook(route, 'preValidation', mergeQueryIntoBody);
    });
  },
  { name: 'query-params' },
);
