import type { FastifyPluginAsync } from 'fastify';
import type { ByteRange, StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import { contentTypeOfKey } from '../../lib/file-signature.js';

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `size`; undefined for anything else. */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2]) || size === 0) return undefined;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start <= end && start < size ? { start, end } : undefined;
}

/**
 * Serves stored files. Keys are content-addressed, so an answer never changes and is cached for a
 * year. Single byte ranges are answered too, so videos can be sought and large files resumed.
 */
export interface FilesRoutesOptions {
  storage: StorageDriver;
  /** Told of every file served and the bytes sent; `workUid` is what the `w` query parameter names. */
  onServed?: (served: { key: string; bytes: number; workUid: string | undefined }) => Promise<void>;
}

export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (app, { storage, onServed }) => {
  app.get<{ Params: { '*': string }; Querystring: { w?: string } }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!/^[a-z0-9][a-z0-9._/-]*$/i.test(key) || key.includes('..')) throw fail('notFound');
    const whole = request.headers.range ? await storage.stat(key) : undefined;
    const range = whole ? parseRange(request.headers.range, whole.size) : undefined;
    const file = await storage.read(key, range);
    if (!file) throw fail('notFound');
    reply
      .header('content-type', contentTypeOfKey(key))
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    const bytes = range ? range.end - range.start + 1 : file.size;
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('content-length', bytes);
    await onServed?.({ key, bytes, workUid: typeof request.query.w === 'string' ? request.query.w : undefined });
    return reply.send(file.stream);
  });
};
