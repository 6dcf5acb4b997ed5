import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ErrorCode } from '@spatia/contract';
import type { Logger } from '../lib/logger.js';
import { translate } from '../lib/messages.js';

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const HASHED_ASSET = /\/assets\//;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and every
 * unknown path outside /api answered with index.html so the client router can take it.
 */
export const webAppPlugin = fp<{ distDir: string | undefined; logger: Logger }>(
  async (app, options) => {
    const distDir = path.resolve(options.distDir ?? DEFAULT_WEB_DIST_DIR);
    const hasWebApp = existsSync(path.join(distDir, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (response, filePath) => {
          response.header(
            'cache-control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      options.logger.warn({ distDir }, 'no built web app found: only the API is served (run `npm run build`)');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
      if (isPage && hasWebApp) {
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({
        code: ErrorCode.notFound,
        msg: translate('routeNotFound', request.language, { method: request.method, url: request.url.split('?')[0] ?? '' }),
      });
    });
  },
  { name: 'web-app', dependencies: ['language'] },
);
