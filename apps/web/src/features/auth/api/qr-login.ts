import { queryOptions } from '@tanstack/react-query';
import type { QrTicket, QrTicketState, QrTicketStatus } from '@spatia/contract';
import { api } from '../../../api/client';
import { applyCodeLoginResult } from '../../../stores/session-store';
import { queryKeys } from '../../../api/query-keys';

export type { QrTicketState, QrTicketStatus };

/** How often the sign-in page asks whether the phone has confirmed. */
export const QR_POLL_INTERVAL_MS = 500;

/** GET /qrcode/login without a pollToken: a new ticket (the same path with one answers its state). */
export async function createQrTicket(): Promise<QrTicket> {
  const answer = await api.get('/qrcode/login');
  if (!('ticket' in answer)) throw new Error('GET /qrcode/login answered a ticket state where a new ticket was asked for');
  return answer;
}

/**
 * Silent: a poll that fails now and then (a flaky network) must not flood the page with messages;
 * the next poll simply tries again.
 */
export async function pollQrTicket(pollToken: string): Promise<QrTicketState> {
  const state: QrTicketState = await api.get('/qrcode/login', { params: { query: { pollToken } }, silent: true });
  if (state.status === 'confirmed' && state.login) applyCodeLoginResult(state.login);
  return state;
}

/** `attempt` changes when the user asks for a fresh code. */
export const qrTicketQueryOptions = (attempt: number) =>
  queryOptions({
    queryKey: queryKeys.auth.qrLoginTicket(attempt),
    queryFn: createQrTicket,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function isFinalQrStatus(status: QrTicketStatus | undefined): boolean {
  return status === 'confirmed' || status === 'declined' || status === 'expired';
}

export const qrTicketStateQueryOptions = (pollToken: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.auth.qrLoginState(pollToken),
    queryFn: () => pollQrTicket(pollToken),
    enabled: enabled && pollToken !== '',
    gcTime: 0,
    retry: false,
    // Stops by itself once the ticket reaches a final state; TanStack pauses it while the browser tab is hidden.
    refetchInterval: (query) => (isFinalQrStatus(query.state.data?.status) ? false : QR_POLL_INTERVAL_MS),
  });
