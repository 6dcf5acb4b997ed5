import type { NotificationItem } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { useLanguage } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { notificationMessage } from '../lib/notification-message';

interface NotificationEntryProps {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
}

/** One notice: its sentence in the reader's language and when it came; unread ones carry a dot and bold text. */
export function NotificationEntry({ item, onOpen }: NotificationEntryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const message = notificationMessage(item, language, t);
  return (
    <button
      type="button"
      className={`notification-entry${item.read ? '' : ' notification-entry--unread'}`}
      onClick={() => onOpen(item)}
      data-testid="notification-entry"
      data-kind={item.kind}
      data-read={item.read ? 'true' : 'false'}
    >
      <span className="notification-entry__dot" aria-hidden />
      <span className="notification-entry__body">
        <span className="notification-entry__message">
          {!item.read && <span className="visually-hidden">{t('notifications.unreadLabel')}: </span>}
          {message}
        </span>
        <RelativeTime className="notification-entry__time" at={item.createdAt} title={formatDate(item.createdAt)} />
      </span>
    </button>
  );
}
