import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';

const contentTypes: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** Serves stored files. Keys are content-addressed, so an answer never changes and is cached for a year. */
export const filesRoutes: FastifyPluginAsync<{ storage: StorageDriver }> = async (app, { storage }) => {
  app.get<{ Params: { '*': string } }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const file = /^[a-z0-9][a-z0-9._/-]*$/i.test(key) && !key.includes('..') ? await storage.read(key) : undefined;
    if (!file) throw fail('notFound');
    return reply
      .header('content-type', contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
};
