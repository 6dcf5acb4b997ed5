import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import { queryKeys } from '../../../api/query-keys';

/** How often the bell asks for the unread count while the page is visible (also on window focus). */
export const UNREAD_POLL_MS = 30_000;

export interface NotificationListParams extends PageParams {
  /** Only notices not read yet. */
  unread?: boolean;
}

/** GET /c/notifications: my notices, newest first, with my unread count. */
export function getNotifications({ pageNum, pageSize, unread }: NotificationListParams, silent = false): Promise<NotificationPage> {
  return api.get('/c/notifications', { params: { query: { pageNum, pageSize, unread: unread ? true : undefined } }, silent });
}

export function notificationsQueryOptions(params: NotificationListParams, silent = false) {
  return pageQueryOptions(queryKeys.notifications.list(), (page: NotificationListParams) => getNotifications(page, silent), params);
}

export function useNotifications(params: NotificationListParams, options: { enabled?: boolean; silent?: boolean } = {}) {
  return useQuery({ ...notificationsQueryOptions(params, options.silent), enabled: options.enabled ?? true });
}

/** GET /c/notifications/unreadCount. Silent: a failed poll leaves the badge as it was, without a message every 30 s. */
export function getUnreadCount(): Promise<number> {
  return api.get('/c/notifications/unreadCount', { silent: true }).then((data) => data.unread);
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: queryKeys.notifications.unreadCount(),
  queryFn: getUnreadCount,
  refetchInterval: UNREAD_POLL_MS,
  refetchOnWindowFocus: true,
  retry: false,
  meta: { session: true },
});

/** The bell's number, polled while a signed-in page is open and visible. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
