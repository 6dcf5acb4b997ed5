// What other parts of the web app use of the notifications feature: they import it from here, never from its folders.
export { NotificationBell } from './components/notification-bell';
export { NotificationsInbox } from './components/notifications-inbox';
