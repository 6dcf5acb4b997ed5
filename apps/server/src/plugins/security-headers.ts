import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import { prependRouteHook } from './route-hooks.js';

/**
 * JSON answers are never rendered as documents: what protects them is that browsers do not sniff them
 * into something else and never frame them. Computed once; the per-request work of a full policy
 * engine, and its extra bytes on the hottest answers, are saved for the documents that need it.
 */
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "frame-ancestors 'none'",
};

export const apiSecurityHeadersPlugin = fp(
  async (app) => {
    const setApiHeaders: onRequestHookHandler = (_request, reply, done) => {
      reply.headers(API_HEADERS);
      done();
    };
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
        prependRouteHook(route, 'onRequest', setApiHeaders);
      }
    });
  },
  { name: 'api-security-headers' },
);

/** Documents and their assets (the web app, the API docs) get helmet's full policy. */
export async function registerPageSecurityHeaders(pages: FastifyInstance, config: Config): Promise<void> {
  await pages.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityDirectives(config) },
    crossOriginEmbedderPolicy: false,
    // Plain-HTTP deployments on a LAN must still load their own assets.
    strictTransportSecurity: false,
  });
  pages.addHook('onSend', async (request, reply, payload) => {
    if (EMBEDDABLE_PAGE.test(request.url)) allowFramingAnywhere(reply);
    return payload;
  });
}

/** A work's public page is what the share dialog's embed code frames, on any site. */
const EMBEDDABLE_PAGE = /^\/details\/[^/?#]+\/?(?:[?#]|$)/;

function allowFramingAnywhere(reply: FastifyReply): void {
  reply.removeHeader('x-frame-options');
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
}

/** The web app talks to this origin, plus the separately hosted APIs and the map tile server the operator configured. */
function contentSecurityDirectives(config: Config) {
  const apiOrigins = [config.site.TJHX_API_BASE_URL, config.site.POINT_CLOUD_API_BASE_URL, config.site.MAPS_API_BASE_URL]
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  // MapLibre fetches the style and tiles the operator sets in the back office (connect-src: any https host,
  // docs/map.md) and draws them as images; an http:// tile server on a LAN (MAP_TILE_URL) is not covered by `https:`.
  const tileOrigin = new URL(config.site.MAP_TILE_URL).origin;
  return {
    defaultSrc: ["'self'"],
    // The 3D viewer decodes meshopt geometry (and three's loaders their formats) with WebAssembly.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', tileOrigin],
    fontSrc: ["'self'", 'data:'],
    // blob: the 3D viewer's GLTFLoader fetches a GLB's embedded textures through blob: URLs.
    connectSrc: ["'self'", 'blob:', 'https:', ...apiOrigins, tileOrigin],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    workerSrc: ["'self'", 'blob:'],
    upgradeInsecureRequests: null,
  };
}
