import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import {
  AdminLogPageSchema,
  AdminLogQuery,
  EnterpriseBody,
  RolesBody,
  SignOutEverywhereSchema,
  UserDetailSchema,
  UserPageSchema,
  UserSearchQuery,
  UserUidParams,
  adminOnly,
  tags,
} from './back-office.schemas.js';
import type { BackOfficeUsersService } from './back-office.service.js';

const changed = responses(UserDetailSchema, [400, 401, 403, 404, 409]);

/** The back office's users and admin log, for admins only (docs/back-office.md). */
export const backOfficeRoutes: FastifyPluginAsyncTypebox<{ backOffice: BackOfficeUsersService }> = async (app, { backOffice }) => {
  app.get(
    '/api/admin/users',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Search users by phone prefix, name prefix or invite code, with role and status filters',
        querystring: UserSearchQuery,
        response: responses(UserPageSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const { q, role, status, pageNum, pageSize } = request.query;
      return ok(await backOffice.search({ q, role: role || undefined, status: status || undefined, pageNum, pageSize }));
    },
  );

  app.get(
    '/api/admin/users/:uid',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'One user: roles, effective permissions, membership, sessions and works',
        params: UserUidParams,
        response: responses(UserDetailSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await backOffice.detail(request.params.uid, request.language)),
  );

  app.post(
    '/api/admin/users/:uid/disable',
    {
      config: adminOnly,
      schema: { tags, summary: 'Disable an account: no sign-in, and its sessions end at once', params: UserUidParams, response: changed },
    },
    async (request) => ok(await backOffice.disable(request.auth!.user, request.params.uid, request.language)),
  );

  app.post(
    '/api/admin/users/:uid/enable',
    { config: adminOnly, schema: { tags, summary: 'Enable a disabled account', params: UserUidParams, response: changed } },
    async (request) => ok(await backOffice.enable(request.auth!.user, request.params.uid, request.language)),
  );

  app.put(
    '/api/admin/users/:uid/roles',
    {
      config: adminOnly,
      schema: { tags, summary: "Set a user's roles (exactly these)", params: UserUidParams, body: RolesBody, response: changed },
    },
    async (request) => ok(await backOffice.setRoles(request.auth!.user, request.params.uid, request.body.roles, request.language)),
  );

  app.put(
    '/api/admin/users/:uid/enterprise',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Mark a user as an enterprise account, or not',
        params: UserUidParams,
        body: EnterpriseBody,
        response: changed,
      },
    },
    async (request) =>
      ok(await backOffice.setEnterprise(request.auth!.user, request.params.uid, request.body.enterprise, request.language)),
  );

  app.post(
    '/api/admin/users/:uid/signOutEverywhere',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'End every session of a user now (they may sign in again)',
        params: UserUidParams,
        response: responses(SignOutEverywhereSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await backOffice.signOutEverywhere(request.auth!.user, request.params.uid)),
  );

  app.get(
    '/api/admin/log',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'The admin log, newest first, filtered by action, admin, target and time',
        querystring: AdminLogQuery,
        response: responses(AdminLogPageSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const { action, adminUid, targetType, targetId, ...rest } = request.query;
      return ok(
        await backOffice.log({
          ...rest,
          action: action || undefined,
          adminUid: adminUid || undefined,
          targetType: targetType || undefined,
          targetId: targetId || undefined,
        }),
      );
    },
  );
};
