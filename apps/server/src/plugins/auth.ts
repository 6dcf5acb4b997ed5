import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_HEADER, AUTH_HEADER_X } from '@spatia/contract';
import { fail } from '../lib/app-error.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { hasPermission, hasRole } from '../modules/users/users.service.js';
import type { AuthRule } from '../types/fastify.js';

/**
 * Reads the session token from `auth-token` / `x-auth-token`, resolves the signed-in user, enforces
 * the route's `config.auth` rule (admin passes every rule), and returns the refreshed token in the
 * `x-auth-token` response header.
 */
export const authPlugin = fp<{ authService: AuthService }>(
  async (app, { authService }) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request, reply) => {
      const token = readToken(request);
      if (token) {
        request.auth = (await authService.authenticate(token)) ?? null;
        if (request.auth) reply.header(AUTH_HEADER_X, request.auth.token);
      }
      enforce(request.routeOptions.config.auth ?? 'public', request);
    });
  },
  { name: 'auth', dependencies: ['error-handler', 'language'] },
);

function readToken(request: FastifyRequest): string | undefined {
  for (const name of [AUTH_HEADER_X, AUTH_HEADER]) {
    const value = request.headers[name];
    const token = Array.isArray(value) ? value[0] : value;
    if (token && token !== 'undefined' && token !== 'null') return token;
  }
  return undefined;
}

function enforce(rule: AuthRule, request: FastifyRequest): void {
  if (rule === 'public') return;
  const user = request.auth?.user;
  if (!user) throw fail('unauthenticated');
  if (rule === 'signedIn') return;
  if ('role' in rule && !hasRole(user, rule.role)) throw fail('missingRole', { roles: rule.role });
  if ('permission' in rule && !hasPermission(user, rule.permission)) {
    throw fail('missingPermission', { permission: rule.permission });
  }
}
