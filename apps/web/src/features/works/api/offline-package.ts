import { useMutation } from '@tanstack/react-query';
import { downloadWithTicket } from '../../../api/download-ticket';

/** POST /model/{uid}/offlinePackage/ticket, then the browser's download of the processed tour's zip. */
export function useDownloadOfflinePackage() {
  return useMutation({
    mutationFn: (uid: string) => downloadWithTicket('/model/{id}/offlinePackage/ticket', uid),
  });
}
