import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/auth.service.js';

/** The origin people reach the site at: PUBLIC_URL when configured, else this request's own. */
export function requestOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Who is asking, as sessions and QR tickets record it. */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
}

/** One cookie's value from the raw header, without parsing every cookie of every request. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1];
  return value === undefined ? undefined : decodeURIComponent(value);
}
