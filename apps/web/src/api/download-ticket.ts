import { startBrowserDownload } from '../lib/browser-download';
import { api } from './client';

/**
 * POSTs the work's ticket path for a one-minute link (offline packages, LAS exports), then hands the link to the
 * browser's own download, which needs no auth headers and streams to disk with its progress in the
 * downloads bar, however large the file. Refusals (not processed, not yours) come from the POST, before
 * any download starts.
 */
export async function downloadWithTicket(
  ticketPath: '/model/{id}/offlinePackage/ticket' | '/model/{id}/pointCloud/las/ticket',
  uid: string,
): Promise<void> {
  const { url } = await api.post(ticketPath, { params: { path: { id: uid } }, silent: true });
  startBrowserDownload(url);
}

/** POST /model/{uid}/pointCloud/las/ticket, then the download of the processed cloud as a LAS file. */
export function exportPointCloudLas(uid: string): Promise<void> {
  return downloadWithTicket('/model/{id}/pointCloud/las/ticket', uid);
}
