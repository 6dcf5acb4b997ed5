import { request } from './client';

/** What the server's image uploads take: PNG, JPEG or WebP (it reads the bytes to be sure). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** POSTs one image as multipart part `file`; answers the link to the stored image (it opens for an hour). */
export async function postImage(url: string, file: Blob, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const stored = await request<{ url: string }>({
    url,
    method: 'POST',
    data: body,
    signal,
    // A phone photo on a slow line takes longer than the usual 20 s.
    timeout: 0,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress((event.loaded / event.total) * 100);
    },
  });
  return stored.url;
}
