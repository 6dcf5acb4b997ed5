import { FeaturePage } from '../components/feature-page';
import { NotificationsInbox } from '../features/notifications';

/** /notifications: every notice of mine, reached from the bell's "see all" (hidden from the sidebar). */
export default function NotificationsPage() {
  return (
    <FeaturePage titleKey="notifications.title" subtitleKey="notifications.subtitle">
      <NotificationsInbox />
    </FeaturePage>
  );
}
