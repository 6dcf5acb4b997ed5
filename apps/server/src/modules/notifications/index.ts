import { defineModule } from '../../kernel/module.js';
import { NotificationsRepository } from './notifications.repository.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    notifications: {
      /** The inbox behind the bell; other modules notify inside their own transactions. */
      notifications: NotificationsService;
    };
  }
}

export default defineModule({
  name: 'notifications',
  needs: [],
  build: ({ database }) => ({ notifications: new NotificationsService(new NotificationsRepository(database.db)) }),
  routes: (app, { notifications }) => app.register(notificationsRoutes, { notifications }),
  // Read notices older than the retention period go; unread ones stay (docs/notifications.md).
  jobs: ({ notifications }) => [
    { name: 'notifications.prune', handler: () => notifications.pruneRead(), options: { schedule: { cron: '41 3 * * *' } } },
  ],
});

// The public surface of the module: what other modules use.
export { type Notice, type NotificationsService } from './notifications.service.js';
