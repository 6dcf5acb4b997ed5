import { useMutation } from '@tanstack/react-query';
import { request } from '../../../api/client';

interface OfflinePackageTicket {
  url: string;
  expiresAt: number;
}

/**
 * POST /model/{uid}/offlinePackage/ticket: a one-minute link to the zip of a processed tour. The link
 * needs no auth headers, so the browser's own download takes it and streams it to disk, with its
 * progress in the downloads bar, however large the tour. Refusals (not processed, not yours) come here,
 * before any download starts.
 */
export function getOfflinePackageTicket(uid: string): Promise<OfflinePackageTicket> {
  return request<OfflinePackageTicket>({ url: `/model/${encodeURIComponent(uid)}/offlinePackage/ticket`, method: 'POST', silent: true });
}

/** Hands a URL to the browser's downloads; the server names the file (Content-Disposition). */
export function startBrowserDownload(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function useDownloadOfflinePackage() {
  return useMutation({
    mutationFn: async (uid: string) => startBrowserDownload((await getOfflinePackageTicket(uid)).url),
  });
}
