import { useMutation } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { startBrowserDownload } from '../../../lib/browser-download';

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

export { startBrowserDownload };

export function useDownloadOfflinePackage() {
  return useMutation({
    mutationFn: async (uid: string) => startBrowserDownload((await getOfflinePackageTicket(uid)).url),
  });
}
