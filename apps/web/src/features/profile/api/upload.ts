import { request, api } from '../../../api/client';
import type { UploadGrant } from './types';

export function getAvatarUploadGrant(uid: string): Promise<UploadGrant> {
  return api.get('/client/{uid}/avatar/uploadCredentials', { params: { path: { uid } } });
}

export function getEnterpriseLogoUploadGrant(): Promise<UploadGrant> {
  return api.get('/c/enterpriseLogoUploadCredentials');
}

/** Raised before any upload when the file breaks the grant's limits; the message is ours to word. */
export class UploadRejectedError extends Error {
  constructor(readonly reason: 'tooLarge' | 'type') {
    super(reason);
    this.name = 'UploadRejectedError';
  }
}

/** An absolute URL, or a path on this site (taken from the page's origin, not the API base). */
function uploadTarget(url: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(url) ? url : new URL(url, window.location.origin).href;
}

/**
 * PUTs the raw bytes to the grant's URL through the one HTTP client (its auth headers go along) and
 * resolves with the stored file's URL.
 */
export async function uploadWithGrant(grant: UploadGrant, file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  if (grant.maxBytes > 0 && file.size > grant.maxBytes) throw new UploadRejectedError('tooLarge');
  if (grant.accept.length > 0 && !grant.accept.includes(file.type)) throw new UploadRejectedError('type');
  const { url } = await request<{ url: string }>({
    url: uploadTarget(grant.uploadUrl),
    method: grant.method,
    data: file,
    headers: { 'Content-Type': file.type },
    // A large file on a slow line takes longer than the usual 20 s.
    timeout: 0,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress((event.loaded / event.total) * 100);
    },
  });
  return url;
}
