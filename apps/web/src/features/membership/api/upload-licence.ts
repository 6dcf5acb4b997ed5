import { MEMBERSHIP_UPLOAD_MAX_BYTES } from '@spatia/contract';
import { request } from '../../../api/client';

/** What the upload takes: PNG, JPEG or WebP (the server reads the bytes to be sure). */
export const LICENCE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LICENCE_MAX_BYTES = MEMBERSHIP_UPLOAD_MAX_BYTES;

/** POST /c/upload (multipart `file`): answers `data.url`, a link to the stored image that opens for an hour. */
export async function uploadLicenceImage(file: Blob, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { url } = await request<{ url: string }>({
    url: '/c/upload',
    method: 'POST',
    data: body,
    signal,
    // A phone photo on a slow line takes longer than the usual 20 s.
    timeout: 0,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress((event.loaded / event.total) * 100);
    },
  });
  return url;
}
