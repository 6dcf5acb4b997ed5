import type { Language, PermissionId, RoleCode } from '@spatia/contract';
import type { Authenticated } from '../modules/auth/auth.service.js';

/**
 * Who may call a route (docs/access.md): anyone, any signed-in user, or one holding a role (or one of
 * several) or a permission id. `'public'` looks the caller up when a token comes (the route may answer signed-in
 * callers differently); `'anyone'` is public too but never reads the caller, so it costs no session
 * lookup (health, static settings, files).
 */
export type AuthRule =
  'anyone' | 'public' | 'signedIn' | { role: RoleCode } | { anyRole: readonly RoleCode[] } | { permission: PermissionId };

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    auth: Authenticated | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRule;
    /** The spec's client sends some parameters in the query string: accept them there or in the body. */
    acceptQueryParams?: boolean;
  }
}
