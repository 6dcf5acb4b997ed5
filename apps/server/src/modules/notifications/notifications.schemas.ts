import { NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZE_MAX, type NotificationKind } from '@spatia/contract';
import { Type } from 'typebox';

/** Request and response shapes of the inbox; they validate input and write the OpenAPI document. */
export const tags = ['notifications'];

export const NotificationListQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: NOTIFICATION_PAGE_SIZE_MAX, default: 10 }),
  unread: Type.Optional(Type.Boolean({ description: 'only notices not read yet' })),
});

export const NotificationIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Unsafe<NotificationKind>({ type: 'string', enum: [...NOTIFICATION_KINDS], description: 'docs/notifications.md' }),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  link: Type.String(),
  read: Type.Boolean(),
  createdAt: Type.Integer(),
});

export const NotificationPageSchema = Type.Object({
  list: Type.Array(NotificationSchema),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  unread: Type.Integer(),
});

export const UnreadSchema = Type.Object({ unread: Type.Integer() });
