import { queryOptions } from '@tanstack/react-query';
import type { QrTicket, QrTicketState, QrTicketStatus } from '@spatia/contract';
import { request } from '../../../api/client';
import { applyCodeLoginResult } from '../../../stores/session-store';
import { queryKeys } from '../../../api/query-keys';

export type { QrTicketState, QrTicketStatus };

/** How often the sign-in page asks whether the phone has confirmed. */
export const QR_POLL_INTERVAL_MS = 500;

export function createQrTicket(): Promise<QrTicket> {
  return request<QrTicket>({ url: '/qrcode/login' });
}

/**
 * Silent: a poll that fails now and then (a flaky network) must not flood the page with messages;
 * the next poll simply tries again.
 */
export async function pollQrTicket(pollToken: string): Promise<QrTicketState> {
  const state = await request<QrTicketState>({ url: '/qrcode/login', params: { pollToken }, silent: true });
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
