import Uppy, { type MinimalRequiredUppyFile, type UppyFile } from '@uppy/core';
import { RateLimitedQueue } from '@uppy/core/utils';
import Tus from '@uppy/tus';
import type { HttpRequest, HttpResponse } from 'tus-js-client';
import { AUTH_HEADER, AUTH_HEADER_X, ErrorCode, type AssetKind, type AssetUploadGrant, type WorkType } from '@spatia/contract';
import { ApiError, resolveBaseUrl, showReloginDialog } from '../../../api/client';
import { getToken, setToken } from '../../../stores/session-store';
import { getUploadGrant } from '../api/upload-credentials';
import { createSpeedMeter, type SpeedMeter } from './upload-progress';
import { browserStorage, findStoredUploads, forgetStoredUploads, storedEndpoint, UPLOAD_GRANT_HEADER, uploaderId } from './upload-resume';
import { findFileProblem, uploadRuleOf, type FileProblem } from './upload-rules';

/**
 * The uploads of one work: one headless Uppy per asset kind with the tus plugin, rendered by the
 * upload panel and the cover editor. It lives outside React (one per work for the page's life), so
 * an upload goes on while the drawer is closed and shows its progress again when it reopens.
 */

type UploadMeta = { grant?: string; kind: AssetKind };
type UploadBody = Record<string, never>;
type QueuedFile = UppyFile<UploadMeta, UploadBody>;

const MiB = 1024 * 1024;
/** Few requests for small files; larger chunks for very large ones, where per-request overhead adds up. */
export function chunkSizeFor(bytes: number): number {
  return bytes > 2048 * MiB ? 32 * MiB : 8 * MiB;
}

/** tus-js-client's retries on network trouble before the file shows an error (a person can retry then). */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];
/** Files of one work sent at the same time, over all kinds. */
const PARALLEL_UPLOADS = 2;
/** The list is re-rendered at most this often while bytes flow. */
const NOTIFY_INTERVAL_MS = 150;
const DEFAULT_TUS_ENDPOINT = '/api/tus';

export type UploadStatus = 'preparing' | 'uploading' | 'paused' | 'verifying' | 'done' | 'error';

/** Why an upload failed: the server's own words when it sent some, else what kind of trouble. */
export type UploadFailure = { serverMessage: string; code?: number } | { reason: 'network' | 'failed' };

export interface UploadItem {
  id: string;
  kind: AssetKind;
  name: string;
  bytesTotal: number;
  bytesSent: number;
  status: UploadStatus;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  failure: UploadFailure | null;
  /** Bytes the server already held when this upload continued an earlier one (after a pause or a reload). */
  resumedFrom: number | null;
  addedAt: number;
}

export interface RejectedFile {
  name: string;
  problem: FileProblem | 'duplicate';
}

export interface UploadSuccess {
  kind: AssetKind;
  name: string;
}

/** Resolves the grant's endpoint against the API host (it may live on another origin than the page). */
export function resolveEndpoint(endpoint: string): string {
  const apiBase = new URL(resolveBaseUrl({}), window.location.origin);
  return new URL(endpoint, apiBase).href;
}

function serverFailure(status: number | undefined, body: string | undefined): UploadFailure {
  if (body) {
    try {
      const envelope = JSON.parse(body) as { code?: unknown; msg?: unknown };
      if (typeof envelope.msg === 'string' && envelope.msg) {
        return { serverMessage: envelope.msg, code: typeof envelope.code === 'number' ? envelope.code : undefined };
      }
    } catch {
      // Not our envelope (a proxy's page): fall through.
    }
  }
  return status ? { reason: 'failed' } : { reason: 'network' };
}

function grantFailure(error: unknown): UploadFailure {
  if (error instanceof ApiError && error.message) return { serverMessage: error.message, code: error.code };
  return { reason: error instanceof ApiError && error.status ? 'failed' : 'network' };
}

function isFinalRefusal(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 423;
}

export class WorkUploads {
  private readonly uppies = new Map<AssetKind, Uppy<UploadMeta, UploadBody>>();
  private readonly meters = new Map<string, SpeedMeter>();
  private readonly failures = new Map<string, UploadFailure>();
  private readonly resumedFrom = new Map<string, number>();
  private readonly addedAt = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private readonly successListeners = new Set<(success: UploadSuccess) => void>();
  /** One queue for every kind, so four kinds do not mean eight parallel transfers. */
  private readonly requests = new RateLimitedQueue(PARALLEL_UPLOADS);
  private snapshot: UploadItem[] = [];
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private lastNotify = 0;

  constructor(
    readonly uid: string,
    private workType: WorkType,
  ) {}

  setWorkType(workType: WorkType): void {
    this.workType = workType;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadItem[] => this.snapshot;

  /** Called once a file is stored and attached to the work (the server answered the last PATCH). */
  onUploaded(listener: (success: UploadSuccess) => void): () => void {
    this.successListeners.add(listener);
    return () => this.successListeners.delete(listener);
  }

  /**
   * Checks each file against the kind's rule, queues the good ones and starts them. Files are never
   * read here: tus sends slices of the File, so a file of many gigabytes costs no memory.
   */
  add(kind: AssetKind, files: readonly File[]): RejectedFile[] {
    const uppy = this.uppyFor(kind);
    const rule = uploadRuleOf(kind, this.workType);
    const rejected: RejectedFile[] = [];
    for (const file of files) {
      const problem = findFileProblem(file, rule);
      if (problem) {
        rejected.push({ name: file.name, problem });
        continue;
      }
      const descriptor = { name: file.name, type: file.type || undefined, data: file, meta: { kind }, source: 'work-upload-panel' };
      let id: string;
      try {
        id = this.addToUppy(uppy, descriptor);
      } catch {
        rejected.push({ name: file.name, problem: 'duplicate' });
        continue;
      }
      this.addedAt.set(id, Date.now());
      this.start(uppy, id);
    }
    this.scheduleNotify(true);
    return rejected;
  }

  pause(id: string): void {
    const found = this.find(id);
    if (found && !found.file.isPaused) found.uppy.pauseResume(id);
  }

  resume(id: string): void {
    const found = this.find(id);
    if (!found) return;
    if (found.file.isPaused) found.uppy.pauseResume(id);
    else if (found.file.error) this.retry(id);
  }

  retry(id: string): void {
    const found = this.find(id);
    if (!found) return;
    this.failures.delete(id);
    this.meters.get(id)?.restart();
    this.start(found.uppy, id);
  }

  /** Stops the upload and ends it on the server (tus termination); a finished one only leaves the list. */
  cancel(id: string): void {
    const found = this.find(id);
    if (!found) return;
    found.uppy.removeFile(id);
    const storage = browserStorage();
    if (storage && !found.file.progress.uploadComplete) forgetStoredUploads(storage, id);
    this.forget(id);
  }

  clearFinished(kind?: AssetKind): void {
    for (const [uppyKind, uppy] of this.uppies) {
      if (kind && uppyKind !== kind) continue;
      for (const file of uppy.getFiles()) {
        if (file.progress.uploadComplete) {
          uppy.removeFile(file.id);
          this.forget(file.id);
        }
      }
    }
    this.scheduleNotify(true);
  }

  private addToUppy(
    uppy: Uppy<UploadMeta, UploadBody>,
    descriptor: MinimalRequiredUppyFile<UploadMeta, UploadBody> & { data: File },
  ): string {
    try {
      return uppy.addFile(descriptor);
    } catch (error) {
      // The same file again: fine once the earlier one finished or failed for good; not while it runs.
      const existing = uppy
        .getFiles()
        .find((file) => file.data === descriptor.data || (file.name === descriptor.name && file.size === descriptor.data.size));
      if (existing && (existing.progress.uploadComplete || existing.error)) {
        uppy.removeFile(existing.id);
        this.forget(existing.id);
        return uppy.addFile(descriptor);
      }
      throw error;
    }
  }

  /**
   * Runs one file through Uppy's pipeline (grant, then tus). `uppy.upload()` would also restart
   * every failed file of the kind; `retryUpload` runs exactly the file it is given.
   */
  private start(uppy: Uppy<UploadMeta, UploadBody>, id: string): void {
    uppy.retryUpload(id).catch(() => {
      // The failure is on the file (upload-error or our grant step); nothing else to do here.
    });
  }

  private find(id: string): { uppy: Uppy<UploadMeta, UploadBody>; file: QueuedFile } | undefined {
    for (const uppy of this.uppies.values()) {
      const file = uppy.getFile(id) as QueuedFile | undefined;
      if (file) return { uppy, file };
    }
    return undefined;
  }

  private forget(id: string): void {
    this.meters.delete(id);
    this.failures.delete(id);
    this.resumedFrom.delete(id);
    this.addedAt.delete(id);
  }

  private uppyFor(kind: AssetKind): Uppy<UploadMeta, UploadBody> {
    const existing = this.uppies.get(kind);
    if (existing) return existing;
    // The id is part of every file id and so of every tus fingerprint: one work's origin never
    // resumes into another work's upload of the same file.
    const uppy = new Uppy<UploadMeta, UploadBody>({ id: uploaderId(this.uid, kind), autoProceed: false, allowMultipleUploadBatches: true });
    uppy.use(Tus<UploadMeta, UploadBody>, {
      endpoint: resolveEndpoint(DEFAULT_TUS_ENDPOINT),
      rateLimitedQueue: this.requests,
      retryDelays: RETRY_DELAYS_MS,
      // Only what the server reads: the grant, and the file's name and type (as filename / filetype).
      allowedMetaFields: ['name', 'type', 'grant'],
      storeFingerprintForResuming: true,
      // A finished upload must not be "resumed" by the next upload of the same file.
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request: HttpRequest, file: QueuedFile) => {
        // Set on every request, so a token refreshed meanwhile is the one sent.
        const token = getToken();
        if (token) {
          request.setHeader(AUTH_HEADER, token);
          request.setHeader(AUTH_HEADER_X, token);
        }
        if (file.meta.grant) request.setHeader(UPLOAD_GRANT_HEADER, file.meta.grant);
      },
      onShouldRetry: (error, _attempt, _options, next) => {
        const status = error.originalResponse?.getStatus();
        // An expired session will not come back by itself.
        if (status === 401) return false;
        return next(error);
      },
    });
    uppy.addPreProcessor((fileIds) => this.grantFiles(uppy, kind, fileIds));
    this.watch(uppy);
    this.uppies.set(kind, uppy);
    return uppy;
  }

  /**
   * Just before a file goes: the grant it is created with. A file picked again after a reload keeps
   * the grant its stored upload was created with (later requests must carry the same one); any other
   * file asks for a fresh grant, because an earlier one may have been used up.
   */
  private async grantFiles(uppy: Uppy<UploadMeta, UploadBody>, kind: AssetKind, fileIds: string[]): Promise<void> {
    const storage = browserStorage();
    await Promise.all(
      fileIds.map(async (id) => {
        const file = uppy.getFile(id) as QueuedFile | undefined;
        if (!file) return;
        const stored = storage ? findStoredUploads(storage, id).find((entry) => entry.grant) : undefined;
        let grant: string;
        let endpoint: string;
        if (stored) {
          grant = stored.grant;
          endpoint = storedEndpoint(stored, id) || resolveEndpoint(DEFAULT_TUS_ENDPOINT);
        } else {
          try {
            const issued: AssetUploadGrant = await getUploadGrant(this.uid, kind);
            grant = issued.grant;
            endpoint = resolveEndpoint(issued.endpoint || DEFAULT_TUS_ENDPOINT);
          } catch (error) {
            this.failFile(uppy, id, grantFailure(error));
            if (error instanceof ApiError && error.code === ErrorCode.unauthenticated) showReloginDialog();
            return;
          }
        }
        // Cancelled while the grant was on its way.
        if (!uppy.getFile(id)) return;
        uppy.setFileMeta(id, { grant, kind });
        const current = (uppy.getFile(id) as QueuedFile | undefined)?.tus ?? {};
        uppy.setFileState(id, {
          tus: {
            ...current,
            endpoint,
            chunkSize: chunkSizeFor(file.size ?? 0),
            // Per file, so that what a response says is put on the right file.
            onAfterResponse: (request: HttpRequest, response: HttpResponse) => this.afterResponse(id, request, response),
            // A fresh grant means a fresh upload; a stored one is found again by its fingerprint.
            ...(stored ? {} : { uploadUrl: undefined }),
          },
        });
      }),
    );
  }

  /** Every tus answer may refresh the session; a HEAD is tus asking where to continue. */
  private afterResponse(id: string, request: HttpRequest, response: HttpResponse): void {
    const token = response.getHeader(AUTH_HEADER_X);
    if (token) setToken(token);
    if (request.getMethod() !== 'HEAD' || response.getStatus() !== 200) return;
    const offset = Number.parseInt(response.getHeader('Upload-Offset') ?? '', 10);
    if (!Number.isNaN(offset)) {
      this.resumedFrom.set(id, offset);
      this.scheduleNotify(true);
    }
  }

  private failFile(uppy: Uppy<UploadMeta, UploadBody>, id: string, failure: UploadFailure): void {
    if (!uppy.getFile(id)) return;
    this.failures.set(id, failure);
    // A file with an error is skipped by the uploader; retry clears it.
    uppy.setFileState(id, { error: 'serverMessage' in failure ? failure.serverMessage : failure.reason });
    this.scheduleNotify(true);
  }

  private watch(uppy: Uppy<UploadMeta, UploadBody>): void {
    uppy.on('state-update', () => this.scheduleNotify(false));
    uppy.on('upload-progress', (file, progress) => {
      if (!file) return;
      let meter = this.meters.get(file.id);
      if (!meter) {
        meter = createSpeedMeter();
        this.meters.set(file.id, meter);
      }
      meter.sample(progress.bytesUploaded, performance.now());
    });
    uppy.on('upload-pause', (file) => {
      if (file) this.meters.get(file.id)?.restart();
    });
    uppy.on('upload-success', (file) => {
      if (!file) return;
      this.failures.delete(file.id);
      for (const listener of this.successListeners) listener({ kind: file.meta.kind, name: file.name });
      this.scheduleNotify(true);
    });
    uppy.on('upload-error', (file, _error, response) => {
      if (!file) return;
      const xhr = (response?.body as { xhr?: XMLHttpRequest } | undefined)?.xhr;
      const status = response?.status || xhr?.status || undefined;
      const failure = serverFailure(status, xhr?.responseText);
      this.failures.set(file.id, failure);
      if (status === 401 || ('code' in failure && failure.code === ErrorCode.unauthenticated)) showReloginDialog();
      if (isFinalRefusal(status)) {
        // The server will not take this upload as it is: a retry starts over with a fresh grant
        // instead of resuming (or "finishing") the refused one.
        const storage = browserStorage();
        if (storage) forgetStoredUploads(storage, file.id);
        const current = uppy.getFile(file.id) as QueuedFile | undefined;
        if (current) uppy.setFileState(file.id, { tus: { ...(current.tus ?? {}), uploadUrl: undefined } });
      }
      this.scheduleNotify(true);
    });
  }

  private scheduleNotify(immediately: boolean): void {
    const now = Date.now();
    if (immediately || now - this.lastNotify >= NOTIFY_INTERVAL_MS) {
      if (this.notifyTimer) {
        clearTimeout(this.notifyTimer);
        this.notifyTimer = null;
      }
      this.notify();
      return;
    }
    this.notifyTimer ??= setTimeout(
      () => {
        this.notifyTimer = null;
        this.notify();
      },
      NOTIFY_INTERVAL_MS - (now - this.lastNotify),
    );
  }

  private notify(): void {
    this.lastNotify = Date.now();
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }

  private buildSnapshot(): UploadItem[] {
    const items: UploadItem[] = [];
    for (const [kind, uppy] of this.uppies) {
      for (const file of uppy.getFiles() as QueuedFile[]) {
        const bytesTotal = file.size ?? file.progress.bytesTotal ?? 0;
        const bytesSent = typeof file.progress.bytesUploaded === 'number' ? file.progress.bytesUploaded : 0;
        const failure = this.failures.get(file.id) ?? (file.error ? { reason: 'failed' as const } : null);
        const meter = this.meters.get(file.id);
        const status = statusOf(file, failure, bytesSent, bytesTotal);
        const moving = status === 'uploading';
        items.push({
          id: file.id,
          kind,
          name: file.name,
          bytesTotal,
          bytesSent: status === 'done' ? bytesTotal : bytesSent,
          status,
          bytesPerSecond: moving ? (meter?.bytesPerSecond ?? null) : null,
          secondsLeft: moving ? (meter?.secondsLeft(bytesTotal) ?? null) : null,
          failure: status === 'error' ? failure : null,
          resumedFrom: this.resumedFrom.get(file.id) ?? null,
          addedAt: this.addedAt.get(file.id) ?? 0,
        });
      }
    }
    return items.sort((a, b) => b.addedAt - a.addedAt);
  }
}

function statusOf(file: QueuedFile, failure: UploadFailure | null, bytesSent: number, bytesTotal: number): UploadStatus {
  if (file.progress.uploadComplete) return 'done';
  if (failure || file.error) return 'error';
  if (file.isPaused) return 'paused';
  if (!file.progress.uploadStarted) return 'preparing';
  // Every byte is there: the server is checking it before it answers the last PATCH.
  if (bytesTotal > 0 && bytesSent >= bytesTotal) return 'verifying';
  return 'uploading';
}

const registry = new Map<string, WorkUploads>();

/** The one upload queue of a work for this page's life. */
export function workUploads(uid: string, workType: WorkType): WorkUploads {
  let uploads = registry.get(uid);
  if (!uploads) {
    uploads = new WorkUploads(uid, workType);
    registry.set(uid, uploads);
  } else {
    uploads.setWorkType(workType);
  }
  return uploads;
}
