import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { NotificationsInbox } from '../features/notifications/components/notifications-inbox';

/** /notifications: every notice of mine, reached from the bell's "see all" (hidden from the sidebar). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <div className="notifications-page">
      <PageHeader title={t('notifications.title')} subtitle={t('notifications.subtitle')} />
      <NotificationsInbox />
    </div>
  );
}
