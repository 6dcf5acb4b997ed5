import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSessionInfo } from '@spatia/contract';
import { request } from '../../../api/client';

export function getSessions(): Promise<ActiveSessionInfo[]> {
  return request<ActiveSessionInfo[]>({ url: '/c/sessions' });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: ['sessions'],
  queryFn: getSessions,
  meta: { session: true },
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

export function revokeSession(id: number): Promise<{ revoked: number }> {
  return request<{ revoked: number }>({ url: `/c/sessions/${id}`, method: 'DELETE' });
}

export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return request<{ revoked: number }>({ url: '/c/sessions/revokeOthers', method: 'POST' });
}

function useSessionsMutation<T>(mutationFn: (input: T) => Promise<{ revoked: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}

export function useRevokeSession() {
  return useSessionsMutation(revokeSession);
}

export function useRevokeOtherSessions() {
  return useSessionsMutation<void>(revokeOtherSessions);
}
