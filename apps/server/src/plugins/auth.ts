import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_HEADER, AUTH_HEADER_X, hasPermission, hasRole } from '@spatia/contract';
import { fail } from '../lib/app-error.js';
import { ok } from '../lib/envelope.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { AuthRule } from '../types/fastify.js';
import { prependRouteHook } from './route-hooks.js';

/**
 * Routes that declare `config.auth` read the session token from `auth-token` / `x-auth-token`,
 * resolve the signed-in user, enforce the rule (admin passes every rule), and send the refreshed
 * token back in the `x-auth-token` header. Routes declaring `'anyone'` (public, never reading the
 * caller) pay nothing; every route declares a rule (plugins/route-rules.api.test.ts).
 */
export const authPlugin = fp<{ authService: AuthService }>(
  async (app, { authService }) => {
    app.decorateRequest('auth', null);
    const authenticate: onRequestAsyncHookHandler = async (request, reply) => {
      const token = readToken(request);
      if (token) {
        request.auth = (await authService.authenticate(token)) ?? null;
        if (request.auth) sendToken(reply, request.auth.token);
      }
      enforce(request.routeOptions.config.auth ?? 'public', request);
    };
    app.addHook('onRoute', (route) => {
      const rule = route.config?.auth;
      if (rule === undefined || rule === 'anyone') return;
      prependRouteHook(route, 'onRequest', authenticate);
    });
  },
  { name: 'auth', dependencies: ['error-handler', 'language'] },
);

/** Hands a new or refreshed session token to the client, readable by browsers across origins. */
export function sendToken(reply: FastifyReply, token: string): void {
  reply.header(AUTH_HEADER_X, token);
  reply.header('access-control-expose-headers', AUTH_HEADER_X);
}

/** A sign-in's answer: the new session token in its header, the result in the envelope. */
export function okSignedIn<T>(reply: FastifyReply, { token, result }: { token: string; result: T }) {
  sendToken(reply, token);
  return ok(result);
}

function readToken(request: FastifyRequest): string | undefined {
  for (const name of [AUTH_HEADER_X, AUTH_HEADER]) {
    const value = request.headers[name];
    const token = Array.isArray(value) ? value[0] : value;
    if (token && token !== 'undefined' && token !== 'null') return token;
  }
  return undefined;
}

function enforce(rule: AuthRule, request: FastifyRequest): void {
  if (rule === 'public' || rule === 'anyone') return;
  const user = request.auth?.user;
  if (!user) throw fail('unauthenticated');
  if (rule === 'signedIn') return;
  if ('role' in rule && !hasRole(user, rule.role)) throw fail('missingRole', { roles: rule.role });
  if ('anyRole' in rule && !rule.anyRole.some((role) => hasRole(user, role))) throw fail('missingRole', { roles: rule.anyRole.join(', ') });
  if ('permission' in rule && !hasPermission(user, rule.permission)) {
    throw fail('missingPermission', { permission: rule.permission });
  }
}
