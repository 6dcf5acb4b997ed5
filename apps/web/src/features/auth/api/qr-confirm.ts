import { queryOptions, useMutation } from '@tanstack/react-query';
import { request } from '../../../api/client';
import type { QrScanResult, QrTicketStatus } from '@spatia/contract';

export type { QrScanResult };

/** POST /qrcode/scan: marks the ticket scanned and tells the phone which computer is asking. */
export function scanQrTicket(ticket: string): Promise<QrScanResult> {
  // Silent: the confirm screen shows the server's message in place of the question.
  return request<QrScanResult>({ url: '/qrcode/scan', method: 'POST', data: { ticket }, silent: true });
}

/** A query (not a mutation) so that React's double mount in development scans once. */
export const qrScanQueryOptions = (ticket: string) =>
  queryOptions({
    queryKey: ['qr-confirm', 'scan', ticket],
    queryFn: () => scanQrTicket(ticket),
    enabled: ticket !== '',
    staleTime: Infinity,
    retry: false,
    meta: { session: true },
  });

export function answerQrTicket(input: { ticket: string; accept: boolean }): Promise<{ status: QrTicketStatus }> {
  return request<{ status: QrTicketStatus }>({ url: '/qrcode/confirm', method: 'POST', data: input });
}

export function useAnswerQrTicket() {
  return useMutation({ mutationFn: answerQrTicket });
}
