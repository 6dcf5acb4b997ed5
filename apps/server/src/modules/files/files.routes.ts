import type { FastifyPluginAsync } from 'fastify';
import { isStorageKey, type ByteRange, type StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import { contentTypeOfKey } from '../../lib/file-signature.js';
import { SIGNED_FILE_URL_SECONDS, type FileUrlSigner } from '../uploads/index.js';

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
 *
 * Only the folders that hold what viewers and pages show are served to anyone. Uploads (`assets/`) are
 * served as they are only when some work holds the file as a public kind (cover, cover video, music);
 * an original or an SLR photo needs the signed link its owner's work answer carries. Anything else
 * stored (the S3 tus store's partial uploads under `tus/`, say) is not served at all.
 */
export interface FilesRoutesOptions {
  storage: StorageDriver;
  privateFiles: FileUrlSigner;
  /** Whether an upload under `assets/` is a file viewers read. */
  isPublicAsset: (key: string) => Promise<boolean>;
  /** Where a requested key is stored, when that differs (a copy's derived files are its original's). */
  storedKeyOf?: (key: string) => Promise<string>;
  /** Told of every file served (by the key asked for) and the bytes sent; `workUid` is what the `w` query parameter names. */
  onServed?: (served: { key: string; bytes: number; workUid: string | undefined }) => Promise<void>;
}

const PUBLIC_FOLDERS = ['derived/', 'covers/', 'avatars/', 'logos/', 'articles/'];
const UPLOADS_FOLDER = 'assets/';

type FilesQuery = { w?: string; expires?: string; signature?: string };

export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (
  app,
  { storage, privateFiles, isPublicAsset, storedKeyOf, onServed },
) => {
  /** Who may have the file: `public` for anyone (cached by anyone for a year), `signed` for the link's holder. */
  const readAccess = async (key: string, query: FilesQuery): Promise<'public' | 'signed'> => {
    if (PUBLIC_FOLDERS.some((folder) => key.startsWith(folder))) return 'public';
    if (!key.startsWith(UPLOADS_FOLDER)) throw fail('notFound');
    if (query.signature !== undefined) {
      const check = await privateFiles.check(key, query.expires, query.signature);
      if (check === 'valid') return 'signed';
      throw fail(check === 'expired' ? 'fileLinkExpired' : 'forbidden');
    }
    if (await isPublicAsset(key)) return 'public';
    // An original exists for its owner only: to anyone else it does not exist.
    throw fail('notFound');
  };

  app.get<{ Params: { '*': string }; Querystring: FilesQuery }>(
    '/files/*',
    { config: { auth: 'anyone' }, schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      // Malformed keys (empty parts as in `tus/`, over-long, NUL, traversal) name nothing: 404 before any store is asked.
      if (!isStorageKey(key) || key.includes('..')) throw fail('notFound');
      const access = await readAccess(key, request.query);
      const stored = storedKeyOf ? await storedKeyOf(key) : key;
      const whole = request.headers.range ? await storage.stat(stored) : undefined;
      const range = whole ? parseRange(request.headers.range, whole.size) : undefined;
      const file = await storage.read(stored, range);
      if (!file) throw fail('notFound');
      reply
        .header('content-type', contentTypeOfKey(key))
        .header('accept-ranges', 'bytes')
        .header(
          'cache-control',
          access === 'public' ? 'public, max-age=31536000, immutable' : `private, max-age=${SIGNED_FILE_URL_SECONDS}`,
        )
        .header('x-content-type-options', 'nosniff');
      const bytes = range ? range.end - range.start + 1 : file.size;
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      reply.header('content-length', bytes);
      await onServed?.({ key, bytes, workUid: typeof request.query.w === 'string' ? request.query.w : undefined });
      return reply.send(file.stream);
    },
  );
};
