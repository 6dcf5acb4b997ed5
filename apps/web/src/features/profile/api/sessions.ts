import { useQuery } from '@tanstack/react-query';
import type { ActiveSessionInfo } from '@spatia/contract';
import { request } from '../../../api/client';
import { sessionQueryOptions } from '../../../lib/session-queries';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export function getSessions(): Promise<ActiveSessionInfo[]> {
  return request<ActiveSessionInfo[]>({ url: '/c/sessions' });
}

export const sessionsQueryOptions = sessionQueryOptions(['sessions'], getSessions);

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function revokeSession(id: number): Promise<{ revoked: number }> {
  return request<{ revoked: number }>({ url: `/c/sessions/${id}`, method: 'DELETE' });
}

export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return request<{ revoked: number }>({ url: '/c/sessions/revokeOthers', method: 'POST' });
}

export function useRevokeSession() {
  return useRefreshingMutation(revokeSession, [sessionsQueryOptions.queryKey]);
}

export function useRevokeOtherSessions() {
  return useRefreshingMutation<void, { revoked: number }>(revokeOtherSessions, [sessionsQueryOptions.queryKey]);
}
