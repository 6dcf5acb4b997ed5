import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { NotificationIdParams, NotificationListQuery, NotificationPageSchema, UnreadSchema, tags } from './notifications.schemas.js';
import type { NotificationsService } from './notifications.service.js';

const route = routesFor(tags);

/** The caller's inbox: the list, the bell's count, and marking notices read (docs/notifications.md). */
export const notificationsRoutes: FastifyPluginAsyncTypebox<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  app.get(
    '/api/c/notifications',
    route.signedIn({
      summary: 'My notices, newest first, with my unread count',
      querystring: NotificationListQuery,
      data: NotificationPageSchema,
      failures: [400],
    }),
    async (request) =>
      ok(
        await notifications.list(request.auth!.user.id, {
          unreadOnly: request.query.unread === true,
          pageNum: request.query.pageNum,
          pageSize: request.query.pageSize,
        }),
      ),
  );

  app.get(
    '/api/c/notifications/unreadCount',
    route.signedIn({ summary: 'How many of my notices are unread (the bell)', data: UnreadSchema }),
    async (request) => ok({ unread: await notifications.unreadCount(request.auth!.user.id) }),
  );

  app.post('/api/c/notifications/readAll', route.signedIn({ summary: 'Mark all my notices read', data: UnreadSchema }), async (request) =>
    ok({ unread: await notifications.markAllRead(request.auth!.user.id) }),
  );

  app.post(
    '/api/c/notifications/:id/read',
    route.signedIn({
      summary: 'Mark one of my notices read (again is fine)',
      params: NotificationIdParams,
      data: UnreadSchema,
      failures: [400, 404],
    }),
    async (request) => ok({ unread: await notifications.markRead(request.auth!.user.id, request.params.id) }),
  );
};
