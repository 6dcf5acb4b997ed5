import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * What a resumable upload may be, as the module that issued its grant decides: who uploads, how
 * large it may be, which content types (by their bytes) it accepts, and what it is for.
 */
export interface UploadGrantForTus {
  grantId: number;
  userId: number;
  maxBytes: number;
  /** MIME types, as `detectContentType` names them. */
  accept: string[];
  purpose: string;
}

/** A finished upload, stored under its content-addressed key. */
export interface CompletedUpload {
  key: string;
  size: number;
  contentType: string;
  sha256: string;
  /** The file name the client gave in its tus metadata (`filename`, else `name`), if any. */
  filename: string | undefined;
}

/**
 * What the module that registers the tus endpoint provides. `resolveGrant` answers for a grant token
 * at creation (undefined: unknown, expired or used). `onComplete` runs once the bytes are stored; an
 * AppError it throws is the answer to the client's last PATCH; what it returns (if anything) is sent
 * as the `data` of a 200 envelope on that PATCH.
 */
export interface ResumableUploadHooks {
  resolveGrant(token: string): Promise<UploadGrantForTus | undefined>;
  onComplete(grant: UploadGrantForTus, upload: CompletedUpload): Promise<unknown>;
}

/** The header that carries the grant on every request after the creation (HEAD, PATCH, DELETE). */
export const UPLOAD_GRANT_HEADER = 'Upload-Grant';

/** Our keys in an upload's tus metadata; clients cannot set them. */
const GRANT_HASH_KEY = 'spatia-grant-hash';
const GRANT_KEY = 'spatia-grant';
const OWN_KEY_PREFIX = 'spatia-';
const CLIENT_GRANT_KEY = 'grant';

type Metadata = Record<string, string | null>;

function hashGrantToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The metadata an upload is stored with: the client's own keys (without the grant token itself),
 * the grant as it was at creation, and a hash of the token that later requests must match.
 */
export function metadataForUpload(clientMetadata: Metadata | undefined, token: string, grant: UploadGrantForTus): Metadata {
  const kept = Object.entries(clientMetadata ?? {}).filter(([key]) => key !== CLIENT_GRANT_KEY && !key.startsWith(OWN_KEY_PREFIX));
  const snapshot: UploadGrantForTus = {
    grantId: grant.grantId,
    userId: grant.userId,
    maxBytes: grant.maxBytes,
    accept: [...grant.accept],
    purpose: grant.purpose,
  };
  return { ...Object.fromEntries(kept), [GRANT_HASH_KEY]: hashGrantToken(token), [GRANT_KEY]: JSON.stringify(snapshot) };
}

/** The grant token a creation request carries: tus metadata `grant`, or the Upload-Grant header. */
export function grantTokenOfCreation(clientMetadata: Metadata | undefined, header: string | null): string | undefined {
  const fromMetadata = clientMetadata?.[CLIENT_GRANT_KEY] ?? undefined;
  if (fromMetadata && header && fromMetadata !== header) return undefined;
  return fromMetadata || header || undefined;
}

/** Whether `token` is the grant the upload was created with (compared in constant time). */
export function holdsGrant(metadata: Metadata | undefined, token: string | null): boolean {
  const expected = metadata?.[GRANT_HASH_KEY];
  if (!expected || !token) return false;
  const given = Buffer.from(hashGrantToken(token), 'hex');
  const stored = Buffer.from(expected, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The grant an upload was created with. */
export function grantOfUpload(metadata: Metadata | undefined): UploadGrantForTus | undefined {
  const stored = metadata?.[GRANT_KEY];
  return stored ? (JSON.parse(stored) as UploadGrantForTus) : undefined;
}

/** The metadata as the client sent it (our keys left out), e.g. for HEAD answers. */
export function clientMetadataOf(metadata: Metadata | undefined): Metadata {
  return Object.fromEntries(Object.entries(metadata ?? {}).filter(([key]) => !key.startsWith(OWN_KEY_PREFIX)));
}

/** The longest file name kept from an upload's metadata, in characters. */
export const FILENAME_MAX = 255;

/**
 * The file name the client gave (tus metadata `filename`, else `name`) as text that can be stored and
 * shown: control characters (U+0000, which PostgreSQL refuses in text, among them) and bidirectional
 * overrides removed, lone surrogates replaced, at most FILENAME_MAX characters; undefined when nothing
 * is left. The name is a label only, so a strange one never costs the upload.
 */
export function filenameOf(metadata: Metadata | undefined): string | undefined {
  const given = metadata?.filename ?? metadata?.name ?? undefined;
  if (!given) return undefined;
  const clean = given
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .trim();
  return clean ? Array.from(clean).slice(0, FILENAME_MAX).join('') : undefined;
}
