import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { NOTIFICATIONS_QUERY_KEY, unreadCountQueryOptions } from './get-notifications';

/** POST /c/notifications/{id}/read: reading one again is fine; answers my unread count. */
export function markNotificationRead(id: number): Promise<{ unread: number }> {
  return request<{ unread: number }>({ url: `/c/notifications/${id}/read`, method: 'POST' });
}

/** POST /c/notifications/readAll. */
export function markAllNotificationsRead(): Promise<{ unread: number }> {
  return request<{ unread: number }>({ url: '/c/notifications/readAll', method: 'POST' });
}

/** The answer's count shows on the bell at once; the lists refresh behind it. */
function settle(queryClient: QueryClient, answer: { unread: number } | undefined) {
  if (answer) queryClient.setQueryData(unreadCountQueryOptions.queryKey, answer.unread);
  return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSettled: (answer) => settle(queryClient, answer) });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: (answer) => settle(queryClient, answer) });
}
