import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { NotificationIdParams, NotificationListQuery, NotificationPageSchema, UnreadSchema, tags } from './notifications.schemas.js';
import type { NotificationsService } from './notifications.service.js';

const signedIn = { auth: 'signedIn' } as const;

/** The caller's inbox: the list, the bell's count, and marking notices read (docs/notifications.md). */
export const notificationsRoutes: FastifyPluginAsyncTypebox<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  app.get(
    '/api/c/notifications',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'My notices, newest first, with my unread count',
        querystring: NotificationListQuery,
        response: responses(NotificationPageSchema, [400, 401]),
      },
    },
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
    {
      config: signedIn,
      schema: { tags, summary: 'How many of my notices are unread (the bell)', response: responses(UnreadSchema, [401]) },
    },
    async (request) => ok({ unread: await notifications.unreadCount(request.auth!.user.id) }),
  );

  app.post(
    '/api/c/notifications/readAll',
    { config: signedIn, schema: { tags, summary: 'Mark all my notices read', response: responses(UnreadSchema, [401]) } },
    async (request) => ok({ unread: await notifications.markAllRead(request.auth!.user.id) }),
  );

  app.post(
    '/api/c/notifications/:id/read',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Mark one of my notices read (again is fine)',
        params: NotificationIdParams,
        response: responses(UnreadSchema, [400, 401, 404]),
      },
    },
    async (request) => ok({ unread: await notifications.markRead(request.auth!.user.id, request.params.id) }),
  );
};
