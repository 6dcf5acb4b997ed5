import { AUTH_HEADER, AUTH_HEADER_X, type AssetKind } from '@spatia/contract';
import { getToken } from '../../../stores/session-store';

/**
 * Resuming after a page reload. tus-js-client keeps, for each upload it created, an entry in
 * localStorage under `tus::<fingerprint>::<n>` with the upload URL, the size and the tus metadata
 * (our `grant` among it). Uppy's tus plugin makes the fingerprint `tus-<uppy file id>-<endpoint>`,
 * and our Uppy ids start with `work-<uid>-<kind>`, so the entries of one work and kind can be
 * listed, and the one of a file picked again found before the upload starts.
 */

export const UPLOAD_GRANT_HEADER = 'Upload-Grant';
const TUS_VERSION = '1.0.0';

export interface StoredUpload {
  /** The localStorage key. */
  key: string;
  uploadUrl: string;
  size: number;
  fileName: string;
  fileType: string;
  /** The grant the upload was created with: later requests carry it again. */
  grant: string;
  createdAt: number;
}

/** The Uppy instance id of one work's uploads of one kind; file ids and fingerprints start with it. */
export function uploaderId(uid: string, kind: AssetKind): string {
  return `work-${uid}-${kind}`;
}

function parseEntry(key: string, raw: string | null): StoredUpload | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { uploadUrl?: unknown; size?: unknown; metadata?: Record<string, unknown>; creationTime?: unknown };
    if (typeof value.uploadUrl !== 'string' || !value.uploadUrl) return null;
    const metadata = value.metadata ?? {};
    const text = (name: string) => (typeof metadata[name] === 'string' ? metadata[name] : '');
    const created = typeof value.creationTime === 'string' ? Date.parse(value.creationTime) : Number.NaN;
    return {
      key,
      uploadUrl: value.uploadUrl,
      size: typeof value.size === 'number' ? value.size : 0,
      fileName: text('filename') || text('name'),
      fileType: text('filetype') || text('type'),
      grant: text('grant'),
      createdAt: Number.isNaN(created) ? 0 : created,
    };
  } catch {
    return null;
  }
}

function entriesWithPrefix(storage: Storage, prefix: string): StoredUpload[] {
  const found: StoredUpload[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key?.startsWith(prefix)) continue;
    const entry = parseEntry(key, storage.getItem(key));
    if (entry) found.push(entry);
  }
  return found.sort((a, b) => b.createdAt - a.createdAt);
}

function fingerprintPrefix(fileId: string): string {
  return `tus::tus-${fileId}-`;
}

/** The stored upload of one Uppy file, newest first. */
export function findStoredUploads(storage: Storage, fileId: string): StoredUpload[] {
  return entriesWithPrefix(storage, fingerprintPrefix(fileId));
}

/** Every unfinished upload of a work's kind that this browser remembers. */
export function listStoredUploads(storage: Storage, uid: string, kind: AssetKind): StoredUpload[] {
  return entriesWithPrefix(storage, fingerprintPrefix(uploaderId(uid, kind)));
}

/** The tus endpoint a stored upload of `fileId` was created at (it is part of the fingerprint). */
export function storedEndpoint(entry: StoredUpload, fileId: string): string {
  const prefix = fingerprintPrefix(fileId);
  const end = entry.key.lastIndexOf('::');
  return entry.key.startsWith(prefix) && end > prefix.length ? entry.key.slice(prefix.length, end) : '';
}

/** Whether a stored entry belongs to the Uppy file `fileId`. */
export function belongsToFile(entry: StoredUpload, fileId: string): boolean {
  return entry.key.startsWith(fingerprintPrefix(fileId));
}

export function forgetStoredUploads(storage: Storage, fileId: string): void {
  for (const entry of findStoredUploads(storage, fileId)) storage.removeItem(entry.key);
}

export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The headers every tus request of ours carries: the session (it authorizes a resume) and the grant. */
export function tusHeaders(grant: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'Tus-Resumable': TUS_VERSION };
  const token = getToken();
  if (token) {
    headers[AUTH_HEADER] = token;
    headers[AUTH_HEADER_X] = token;
  }
  if (grant) headers[UPLOAD_GRANT_HEADER] = grant;
  return headers;
}

/** How many bytes the server holds of a stored upload; null when it no longer knows the upload. */
export async function probeStoredUpload(entry: StoredUpload): Promise<number | null> {
  const response = await fetch(entry.uploadUrl, { method: 'HEAD', headers: tusHeaders(entry.grant), cache: 'no-store' });
  if (response.status === 404 || response.status === 410 || response.status === 403) return null;
  if (!response.ok) throw new Error(`HEAD ${response.status}`);
  const offset = Number.parseInt(response.headers.get('Upload-Offset') ?? '', 10);
  return Number.isNaN(offset) ? null : offset;
}

/** Ends a stored upload on the server (tus termination) and forgets it here. */
export async function discardStoredUpload(storage: Storage, entry: StoredUpload): Promise<void> {
  try {
    await fetch(entry.uploadUrl, { method: 'DELETE', headers: tusHeaders(entry.grant) });
  } finally {
    storage.removeItem(entry.key);
  }
}
