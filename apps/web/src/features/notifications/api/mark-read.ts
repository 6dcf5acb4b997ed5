import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { unreadCountQueryOptions } from './get-notifications';
import { queryKeys } from '../../../api/query-keys';

/** POST /c/notifications/{id}/read: reading one again is fine; answers my unread count. */
export function markNotificationRead(id: number): Promise<{ unread: number }> {
  return api.post('/c/notifications/{id}/read', { params: { path: { id } } });
}

/** POST /c/notifications/readAll. */
export function markAllNotificationsRead(): Promise<{ unread: number }> {
  return api.post('/c/notifications/readAll');
}

/** The answer's count shows on the bell at once; the lists refresh behind it. */
function settle(queryClient: QueryClient, answer: { unread: number } | undefined) {
  if (answer) queryClient.setQueryData(unreadCountQueryOptions.queryKey, answer.unread);
  return queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSettled: (answer) => settle(queryClient, answer) });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: (answer) => settle(queryClient, answer) });
}
