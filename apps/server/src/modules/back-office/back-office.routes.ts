import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
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
  tags,
} from './back-office.schemas.js';
import type { BackOfficeUsersService } from './back-office.service.js';

/** Every route here is for admins; the web app's back office checks the same role. */
const changed = { data: UserDetailSchema, failures: [400, 404, 409] };

const route = routesFor(tags);

/** The back office's users and admin log, for admins only (docs/back-office.md). */
export const backOfficeRoutes: FastifyPluginAsyncTypebox<{ backOffice: BackOfficeUsersService }> = async (app, { backOffice }) => {
  app.get(
    '/api/admin/users',
    route.admin({
      summary: 'Search users by phone prefix, name prefix or invite code, with role and status filters',
      querystring: UserSearchQuery,
      data: UserPageSchema,
      failures: [400],
    }),
    async (request) => {
      const { q, role, status, pageNum, pageSize } = request.query;
      return ok(await backOffice.search({ q, role: role || undefined, status: status || undefined, pageNum, pageSize }));
    },
  );

  app.get(
    '/api/admin/users/:uid',
    route.admin({
      summary: 'One user: roles, effective permissions, membership, sessions and works',
      params: UserUidParams,
      data: UserDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await backOffice.detail(request.params.uid, request.language)),
  );

  app.post(
    '/api/admin/users/:uid/disable',
    route.admin({ summary: 'Disable an account: no sign-in, and its sessions end at once', params: UserUidParams, ...changed }),
    async (request) => ok(await backOffice.disable(request.auth!.user, request.params.uid, request.language)),
  );

  app.post(
    '/api/admin/users/:uid/enable',
    route.admin({ summary: 'Enable a disabled account', params: UserUidParams, ...changed }),
    async (request) => ok(await backOffice.enable(request.auth!.user, request.params.uid, request.language)),
  );

  app.put(
    '/api/admin/users/:uid/roles',
    route.admin({ summary: "Set a user's roles (exactly these)", params: UserUidParams, body: RolesBody, ...changed }),
    async (request) => ok(await backOffice.setRoles(request.auth!.user, request.params.uid, request.body.roles, request.language)),
  );

  app.put(
    '/api/admin/users/:uid/enterprise',
    route.admin({ summary: 'Mark a user as an enterprise account, or not', params: UserUidParams, body: EnterpriseBody, ...changed }),
    async (request) =>
      ok(await backOffice.setEnterprise(request.auth!.user, request.params.uid, request.body.enterprise, request.language)),
  );

  app.post(
    '/api/admin/users/:uid/signOutEverywhere',
    route.admin({
      summary: 'End every session of a user now (they may sign in again)',
      params: UserUidParams,
      data: SignOutEverywhereSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await backOffice.signOutEverywhere(request.auth!.user, request.params.uid)),
  );

  app.get(
    '/api/admin/log',
    route.admin({
      summary: 'The admin log, newest first, filtered by action, admin, target and time',
      querystring: AdminLogQuery,
      data: AdminLogPageSchema,
      failures: [400],
    }),
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
