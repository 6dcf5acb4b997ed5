import { randomBytes } from 'node:crypto';
import { ERRORS, Metadata, Server, type Locker, type Upload } from '@tus/server';
import { ErrorCode, UploadErrors } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { AppError, fail } from '../../lib/app-error.js';
import { detectContentType, EXTENSION_OF, LABEL_OF, SIGNATURE_LENGTH, type ContentType } from '../../lib/file-signature.js';
import type { TusBackend } from './tus-backend.js';
import {
  clientMetadataOf,
  filenameOf,
  grantOfUpload,
  grantTokenOfCreation,
  holdsGrant,
  metadataForUpload,
  UPLOAD_GRANT_HEADER,
  type ResumableUploadHooks,
} from './upload-grant.js';

export const TUS_PATH = '/api/tus';

/** What became of one tus request. */
export interface TusAnswer {
  /** The protocol answer: status and tus headers (Upload-Offset, Location, Tus-Resumable…). */
  response: Response;
  /** Set when it failed: an AppError the client should read, or anything else (unexpected: log it). */
  failure?: Error;
  /** Set when this request completed the upload: what the registrant's onComplete returned. */
  completed?: { data: unknown };
}

type Metadata = Record<string, string | null>;

/** A tus Locker that every server process shares (redis-locker.ts), with connections to close. */
export type SharedLocker = Locker & { close(): Promise<void> };

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const METADATA_CACHE_SIZE = 10_000;

/**
 * The tus protocol (via @tus/server) with our rules around it: an upload is created with a grant
 * that sets its size limit and accepted types; every later request must carry the same grant; a
 * complete upload is checked by its bytes, hashed, stored under its content-addressed key and handed
 * to the registrant. No request body is ever held in memory: tus streams it to the backend.
 */
export class ResumableUploads {
  private readonly server: Server;
  private readonly failures = new WeakMap<Request, unknown>();
  /** Uploads whose last byte a request brought in; completed once tus has answered it. */
  private readonly finishedBy = new WeakMap<Request, Upload>();
  /** Completion runs once per upload however many requests ask for it at the same time. */
  private readonly completions = new Map<string, Promise<unknown>>();
  /** An upload's metadata never changes after creation; PATCHes check the grant against it. */
  private readonly metadataCache = new Map<string, Metadata>();
  /** The lock shared by every server process (Redis), when there is one; tus's in-memory one otherwise. */
  private readonly sharedLocker: SharedLocker | undefined;

  constructor(
    private readonly backend: TusBackend,
    private readonly storage: StorageDriver,
    private readonly hooks: ResumableUploadHooks,
    options: { publicUrl?: string; sharedLocker?: SharedLocker } = {},
  ) {
    const prefix = backend.idPrefix;
    this.sharedLocker = options.sharedLocker;
    this.server = new Server({
      path: TUS_PATH,
      datastore: backend.datastore,
      // Several processes behind a load balancer may take requests of one upload: they share its lock.
      ...(options.sharedLocker ? { locker: options.sharedLocker } : {}),
      // The web app is served from the same origin; only the configured public origin gets CORS.
      allowedOrigins: (origin) => origin === options.publicUrl,
      allowedHeaders: [UPLOAD_GRANT_HEADER],
      namingFunction: () => prefix + randomBytes(16).toString('hex'),
      generateUrl: (_request, { path, id }) => `${path}/${id.slice(prefix.length)}`,
      getFileIdFromRequest: (_request, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? prefix + lastPath : undefined),
      onUploadCreate: (request, upload) => this.authorizeCreation(request, upload),
      onIncomingRequest: (request, id) => this.authorizeAccess(request, id),
      // Completion waits until tus is done with the request: after this hook tus may still read the
      // upload (a creation does, for its Upload-Expires), and completion moves it away.
      onUploadFinish: async (request, upload) => {
        this.finishedBy.set(request, upload);
        return {};
      },
      onResponseError: (request, error) => {
        this.failures.set(request, error);
        return undefined;
      },
    });
  }

  async handle(request: Request): Promise<TusAnswer> {
    const response = await this.server.handleWeb(request);
    let failure = this.failures.get(request);
    let finished = this.finishedBy.get(request);
    if (failure === undefined && request.method === 'HEAD' && response.status === 200) {
      this.showClientMetadataOnly(response);
      // All bytes are there but the upload still exists: its completion failed for a passing reason,
      // or is running. Clients that resume with HEAD (tus-js-client) take a full offset as done, so
      // the completion is finished (or joined) here and its outcome is the answer.
      const offset = response.headers.get('upload-offset');
      if (offset !== null && offset === response.headers.get('upload-length')) {
        finished = await this.backend.datastore.getUpload(this.backend.idPrefix + (uploadIdOf(request) ?? '')).catch((error: unknown) => {
          failure = error;
          return undefined;
        });
      }
    }
    let completed: TusAnswer['completed'];
    if (failure === undefined && finished) {
      try {
        completed = { data: await this.complete(finished) };
      } catch (error) {
        failure = error;
      }
    }
    if (failure === undefined && response.status >= 400) failure = { status_code: response.status };
    return { response, failure: failure === undefined ? undefined : clientFailureOf(failure), completed };
  }

  /** Closes the shared locker's connections (when the process stops). */
  async close(): Promise<void> {
    await this.sharedLocker?.close();
  }

  /** Deletes uploads unfinished (or left behind) past their expiry; for the jobs module to schedule. */
  async cleanupExpiredUploads(): Promise<number> {
    this.metadataCache.clear();
    return this.backend.cleanupExpired();
  }

  private async authorizeCreation(request: Request, upload: Upload): Promise<{ metadata: Metadata }> {
    const token = grantTokenOfCreation(upload.metadata, request.headers.get(UPLOAD_GRANT_HEADER));
    const grant = token ? await this.hooks.resolveGrant(token) : undefined;
    if (!token || !grant) throw fail('uploadGrantInvalid');
    if (upload.size === undefined) throw fail('uploadLengthRequired');
    if (upload.size > grant.maxBytes) throw fail('uploadTooLarge', { max: formatBytes(grant.maxBytes) });
    return { metadata: metadataForUpload(upload.metadata, token, grant) };
  }

  /** HEAD, PATCH and DELETE of an upload need the grant it was created with. */
  private async authorizeAccess(request: Request, id: string): Promise<void> {
    if (request.method === 'POST') return; // a creation: authorizeCreation decides
    const metadata = await this.metadataOf(id);
    if (!metadata) return; // no such upload: tus answers 404 or 410
    if (!holdsGrant(metadata, request.headers.get(UPLOAD_GRANT_HEADER))) throw fail('uploadGrantInvalid');
  }

  private async metadataOf(id: string): Promise<Metadata | undefined> {
    const cached = this.metadataCache.get(id);
    if (cached) return cached;
    const metadata = await this.backend.metadataOf(id);
    if (metadata) {
      if (this.metadataCache.size >= METADATA_CACHE_SIZE) this.metadataCache.delete(this.metadataCache.keys().next().value!);
      this.metadataCache.set(id, metadata);
    }
    return metadata;
  }

  private complete(upload: Upload): Promise<unknown> {
    const running = this.completions.get(upload.id);
    if (running) return running;
    const completion = this.completeOnce(upload).finally(() => this.completions.delete(upload.id));
    this.completions.set(upload.id, completion);
    return completion;
  }

  /**
   * Across processes (a HEAD at one while the last PATCH completes at another), completion runs under
   * the upload's completion lock, and only while the upload is still there: the second process waits,
   * then finds it gone and answers 404, as any request after a completion does.
   */
  private async completeOnce(upload: Upload): Promise<unknown> {
    if (!this.sharedLocker) return this.runCompletion(upload);
    const lock = this.sharedLocker.newLock(`${upload.id}.complete`);
    // Nobody may cut a completion short: a request asking for this lock waits for it.
    await lock.lock(new AbortController().signal, () => undefined);
    try {
      await this.backend.datastore.getUpload(upload.id);
      return await this.runCompletion(upload);
    } finally {
      await lock.unlock();
    }
  }

  /**
   * Reads the first bytes (a type the grant does not accept discards the upload), hashes the whole
   * upload as a stream, moves it to `assets/{2 hex}/{sha256}{ext}` (identical bytes already there are
   * not written again), removes what tus kept, and hands the stored file to the registrant.
   */
  private async runCompletion(upload: Upload): Promise<unknown> {
    const grant = grantOfUpload(upload.metadata);
    if (!grant || upload.size === undefined) throw new Error(`upload ${upload.id} has no grant or size`);
    const contentType = detectContentType(await this.backend.readHead(upload.id, SIGNATURE_LENGTH));
    if (!contentType || !grant.accept.includes(contentType)) {
      await this.discard(upload.id);
      throw fail('uploadContentRejected', { accepted: describeTypes(grant.accept) });
    }
    const sha256 = await this.backend.hash(upload.id, upload.size);
    const key = `assets/${sha256.slice(0, 2)}/${sha256}${EXTENSION_OF[contentType]}`;
    const existing = await this.storage.stat(key);
    if (existing?.size !== upload.size) await this.backend.moveTo(upload.id, key, contentType);
    await this.discard(upload.id);
    return this.hooks.onComplete(grant, {
      key,
      size: upload.size,
      contentType,
      sha256,
      filename: filenameOf(clientMetadataOf(upload.metadata)),
    });
  }

  private async discard(id: string): Promise<void> {
    this.metadataCache.delete(id);
    await this.backend.discard(id);
  }

  /** HEAD answers echo the metadata the client sent, not the grant we keep beside it. */
  private showClientMetadataOnly(response: Response): void {
    const header = response.headers.get('upload-metadata');
    if (header === null) return;
    const client = clientMetadataOf(Metadata.parse(header));
    if (Object.keys(client).length > 0) response.headers.set('upload-metadata', Metadata.stringify(client));
    else response.headers.delete('upload-metadata');
  }
}

function uploadIdOf(request: Request): string | undefined {
  const last = new URL(request.url).pathname.split('/').pop();
  return last && UPLOAD_ID.test(last) ? last : undefined;
}

/** tus's own refusals as our error codes; anything that is not a client's mistake stays unexpected. */
function clientFailureOf(failure: unknown): Error {
  if (failure instanceof AppError) return failure;
  const { status_code: status, body } = failure as { status_code?: number; body?: string };
  if (body === ERRORS.FILE_NOT_FOUND.body) return fail('uploadNotFound');
  if (body === ERRORS.FILE_NO_LONGER_EXISTS.body) return new AppError(UploadErrors.uploadNotFound.code, 410, 'uploadNotFound');
  if (body === ERRORS.INVALID_OFFSET.body) return fail('uploadOffsetConflict');
  if (body === ERRORS.INVALID_LENGTH.body || body === ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION.body)
    return fail('uploadLengthRequired');
  if (body === ERRORS.ERR_SIZE_EXCEEDED.body || body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body) return fail('payloadTooLarge');
  if (status === 404) return fail('uploadNotFound');
  // 412 keeps its status: it is how tus tells a client to speak another protocol version.
  if (status !== undefined && status < 500) return new AppError(ErrorCode.badRequest, status === 412 ? 412 : 400, 'badRequest');
  return failure instanceof Error ? failure : new Error(`tus failed with ${status ?? 'no status'}: ${body ?? ''}`.trim());
}

function describeTypes(types: string[]): string {
  return types.map((type) => LABEL_OF[type as ContentType] ?? type).join(', ');
}

/** 20 GB, 5 MB, 800 KB: sizes as the limits are set, in binary units. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
