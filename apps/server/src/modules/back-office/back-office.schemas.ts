import {
  ADMIN_ACTIONS,
  ADMIN_LOG_ACTORS,
  ADMIN_LOG_PAGE_SIZE_MAX,
  ALL_ROLES,
  USER_SEARCH_PAGE_SIZE_MAX,
  USER_SEARCH_QUERY_MAX,
  USER_STATUSES,
} from '@spatia/contract';
import { Type } from 'typebox';
import { MembershipSchema } from '../membership/index.js';
import { WORK_TIME_MAX } from '../works/index.js';
import { NullableInteger, Uid, literals, pageOf } from '../../lib/schemas.js';

/** Request and response shapes of the back office's user pages and admin log (docs/back-office.md). */
export const tags = ['back office'];

const RoleSchema = literals(ALL_ROLES);
const ActionSchema = literals(ADMIN_ACTIONS);

export const UserUidParams = Type.Object({ uid: Uid });

export const UserSearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: USER_SEARCH_QUERY_MAX })),
  role: Type.Optional(Type.Union([RoleSchema, Type.Literal('')])),
  status: Type.Optional(Type.Union([literals(USER_STATUSES), Type.Literal('')])),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: USER_SEARCH_PAGE_SIZE_MAX, default: 20 }),
});

const SummaryFields = {
  uid: Type.String(),
  phone: Type.String(),
  name: Type.String(),
  avatarUrl: Type.String(),
  roles: Type.Array(Type.String()),
  businessRoleCode: Type.String(),
  enterprise: Type.Boolean(),
  disabled: Type.Boolean(),
  createdAt: Type.Integer(),
  inviteCode: Type.String(),
};

export const UserPageSchema = Type.Object({
  list: Type.Array(Type.Object(SummaryFields)),
  total: Type.Integer(),
  totalCapped: Type.Boolean(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});

export const UserDetailSchema = Type.Object({
  ...SummaryFields,
  menus: Type.Array(Type.Integer()),
  membership: Type.Union([MembershipSchema, Type.Null()]),
  sessions: Type.Integer(),
  works: Type.Object({ total: Type.Integer(), byStatus: Type.Record(Type.String(), Type.Integer()) }),
  disabledAt: NullableInteger,
});

export const RolesBody = Type.Object({ roles: Type.Array(RoleSchema, { maxItems: ALL_ROLES.length * 2 }) });

export const EnterpriseBody = Type.Object({ enterprise: Type.Boolean() });

export const SignOutEverywhereSchema = Type.Object({ ended: Type.Integer() });

const Time = Type.Integer({ minimum: 0, maximum: WORK_TIME_MAX, description: 'epoch milliseconds' });

export const AdminLogQuery = Type.Object({
  action: Type.Optional(Type.Union([ActionSchema, Type.Literal('')])),
  adminUid: Type.Optional(Type.String({ maxLength: 64 })),
  targetType: Type.Optional(Type.String({ maxLength: 40 })),
  targetId: Type.Optional(Type.String({ maxLength: 64 })),
  from: Type.Optional(Time),
  to: Type.Optional(Time),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: ADMIN_LOG_PAGE_SIZE_MAX, default: 20 }),
});

export const AdminLogPageSchema = pageOf(
  Type.Object({
    id: Type.Integer(),
    createdAt: Type.Integer(),
    action: ActionSchema,
    actor: literals(ADMIN_LOG_ACTORS),
    admin: Type.Union([Type.Object({ uid: Type.String(), name: Type.String() }), Type.Null()]),
    targetType: Type.String(),
    targetId: Type.String(),
    before: Type.Unknown(),
    after: Type.Unknown(),
  }),
);
