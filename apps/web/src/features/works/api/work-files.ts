import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newestOrigin } from '@spatia/contract';
import { exportPointCloudLas } from '../../../api/download-ticket';
import { workQueryOptions } from '../../../api/get-work';
import { startBrowserDownload } from '../../../lib/browser-download';

export function useExportLas() {
  return useMutation({ mutationFn: exportPointCloudLas });
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
