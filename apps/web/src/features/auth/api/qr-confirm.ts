import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { QrScanResult, QrTicketStatus } from '@spatia/contract';
import { queryKeys } from '../../../api/query-keys';

export type { QrScanResult };

/** POST /qrcode/scan: marks the ticket scanned and tells the phone which computer is asking. */
export function scanQrTicket(ticket: string): Promise<QrScanResult> {
  // Silent: the confirm screen shows the server's message in place of the question.
  return api.post('/qrcode/scan', { body: { ticket }, silent: true });
}

/** A query (not a mutation) so that React's double mount in development scans once. */
export const qrScanQueryOptions = (ticket: string) =>
  queryOptions({
    queryKey: queryKeys.auth.qrConfirm(ticket),
    queryFn: () => scanQrTicket(ticket),
    enabled: ticket !== '',
    staleTime: Infinity,
    retry: false,
    meta: { session: true },
  });

export function answerQrTicket(input: { ticket: string; accept: boolean }): Promise<{ status: QrTicketStatus }> {
  return api.post('/qrcode/confirm', { body: input });
}

export function useAnswerQrTicket() {
  return useMutation({ mutationFn: answerQrTicket });
}
