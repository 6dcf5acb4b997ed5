import type { NotificationItem } from '@spatia/contract';
import { useNavigate } from 'react-router';
import { useMarkNotificationRead } from '../api/mark-read';

/** Opening a notice marks it read (when it is not yet) and goes where it leads, if anywhere. */
export function useOpenNotification(afterOpen?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (item: NotificationItem) => {
    if (!item.read) markRead.mutate(item.id);
    afterOpen?.();
    if (item.link) void navigate(item.link);
  };
}
