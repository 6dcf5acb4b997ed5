import { useMutation } from '@tanstack/react-query';
import { ErrorCode, type Envelope } from '@spatia/contract';
import { ApiError, http, showReloginDialog } from '../../../api/client';

export interface DownloadProgress {
  loaded: number;
  /** Unknown for a streamed zip: the server writes it as it sends it. */
  total: number | undefined;
}

/**
 * GET /model/{uid}/offlinePackage, the zip of a processed tour. The server reads the session token
 * from the auth headers only (no cookie), and an anchor cannot send headers; so the package comes
 * through the HTTP client with the token and is saved from memory. A refusal arrives as a Blob too,
 * so its envelope is read here.
 */
export async function fetchOfflinePackage(uid: string, onProgress?: (progress: DownloadProgress) => void): Promise<{ blob: Blob; fileName: string }> {
  const response = await http.request<Blob>({
    url: `/model/${encodeURIComponent(uid)}/offlinePackage`,
    responseType: 'blob',
    // A tour of many scenes is more than the usual 20 seconds of bytes.
    timeout: 0,
    silent: true,
    validateStatus: () => true,
    onDownloadProgress: (event) => onProgress?.({ loaded: event.loaded, total: event.total || undefined }),
  });
  if (response.status !== 200) throw await refusalOf(response.data, response.status);
  return { blob: response.data, fileName: fileNameOf(response.headers['content-disposition'], `${uid}.zip`) };
}

async function refusalOf(body: Blob, status: number): Promise<ApiError> {
  let envelope: Partial<Envelope<unknown>> = {};
  try {
    envelope = JSON.parse(await body.text()) as Envelope<unknown>;
  } catch {
    // Not our envelope (a proxy's page): the caller falls back to its own words.
  }
  if (envelope.code === ErrorCode.unauthenticated) showReloginDialog();
  return new ApiError(typeof envelope.msg === 'string' ? envelope.msg : '', envelope.code, status, false);
}

/** The name the server gave the file (`filename*` first, it carries Chinese names), or `fallback`. */
export function fileNameOf(disposition: unknown, fallback: string): string {
  if (typeof disposition !== 'string') return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // A broken encoding: try the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}

/** Hands a Blob to the browser's downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has taken the bytes by then; the page need not hold them any longer.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadOfflinePackage(onProgress?: (uid: string, progress: DownloadProgress) => void) {
  return useMutation({
    mutationFn: async (uid: string) => {
      const { blob, fileName } = await fetchOfflinePackage(uid, (progress) => onProgress?.(uid, progress));
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}
