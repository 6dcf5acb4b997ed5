import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkAsset } from '@spatia/contract';
import { request } from '../../../api/client';
import { workQueryOptions } from './get-work';
import { startBrowserDownload } from './offline-package';

interface DownloadTicket {
  url: string;
  expiresAt: number;
}

/**
 * POST /model/{uid}/pointCloud/las/ticket: a one-minute link to the processed cloud as a LAS file,
 * for the browser's own download (as the offline package). Refusals (not processed, not a point cloud,
 * not yours) come here, before any download starts.
 */
export function getLasTicket(uid: string): Promise<DownloadTicket> {
  return request<DownloadTicket>({ url: `/model/${encodeURIComponent(uid)}/pointCloud/las/ticket`, method: 'POST', silent: true });
}

export function useExportLas() {
  return useMutation({
    mutationFn: async (uid: string) => startBrowserDownload((await getLasTicket(uid)).url),
  });
}

/** The newest original upload: processing converts that one, so it is the one to hand back. */
export function newestOrigin(assets: readonly WorkAsset[]): WorkAsset | null {
  let newest: WorkAsset | null = null;
  for (const asset of assets) {
    if (asset.kind === 'origin' && (!newest || asset.createdAt > newest.createdAt)) newest = asset;
  }
  return newest;
}

/** Downloads a work's original upload; resolves to false when it has none. The list has no assets, so the work is read first. */
export function useDownloadOriginal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (uid: string) => {
      const work = await queryClient.fetchQuery(workQueryOptions(uid));
      const origin = newestOrigin(work.assets);
      if (!origin) return false;
      startBrowserDownload(origin.url, origin.fileName);
      return true;
    },
  });
}
