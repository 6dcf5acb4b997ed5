import { useQuery } from '@tanstack/react-query';
import type { ActiveSessionInfo } from '@spatia/contract';
import { api } from '../../../api/client';
import { sessionQueryOptions } from '../../../lib/session-queries';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { queryKeys } from '../../../api/query-keys';

export function getSessions(): Promise<ActiveSessionInfo[]> {
  return api.get('/c/sessions');
}

export const sessionsQueryOptions = sessionQueryOptions(queryKeys.sessions, getSessions);

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function revokeSession(id: number): Promise<{ revoked: number }> {
  return api.delete('/c/sessions/{id}', { params: { path: { id } } });
}

export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return api.post('/c/sessions/revokeOthers');
}

export function useRevokeSession() {
  return useRefreshingMutation(revokeSession, [sessionsQueryOptions.queryKey]);
}

export function useRevokeOtherSessions() {
  return useRefreshingMutation<void, { revoked: number }>(revokeOtherSessions, [sessionsQueryOptions.queryKey]);
}
