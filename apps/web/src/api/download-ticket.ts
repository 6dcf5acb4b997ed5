import type { DownloadTicket } from '@spatia/contract';
import { startBrowserDownload } from '../lib/browser-download';
import { request } from './client';

/**
 * POSTs `ticketPath` for a one-minute link (offline packages, LAS exports), then hands the link to the
 * browser's own download, which needs no auth headers and streams to disk with its progress in the
 * downloads bar, however large the file. Refusals (not processed, not yours) come from the POST, before
 * any download starts.
 */
export async function downloadWithTicket(ticketPath: string): Promise<void> {
  const { url } = await request<DownloadTicket>({ url: ticketPath, method: 'POST', silent: true });
  startBrowserDownload(url);
}

/** POST /model/{uid}/pointCloud/las/ticket, then the download of the processed cloud as a LAS file. */
export function exportPointCloudLas(uid: string): Promise<void> {
  return downloadWithTicket(`/model/${encodeURIComponent(uid)}/pointCloud/las/ticket`);
}
