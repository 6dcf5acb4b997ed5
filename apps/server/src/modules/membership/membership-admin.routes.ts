import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Role } from '@spatia/contract';
import { Type } from 'typebox';
import { Nothing, ok, responses } from '../../lib/envelope.js';
import {
  AdminApplicationsSchema,
  AdminVersionSchema,
  ApplicationIdParams,
  ApplicationsQuery,
  ApprovedSchema,
  ReasonBody,
  RemovedSchema,
  UserUidParams,
  VersionBody,
  VersionIdParams,
  tags,
} from './membership.schemas.js';
import type { MembershipService } from './membership.service.js';

const admin = { auth: { role: Role.admin } } as const;

/** The back office's side: versions editor, application review queue, revocation. Admin role only. */
export const membershipAdminRoutes: FastifyPluginAsyncTypebox<{ membership: MembershipService }> = async (app, { membership }) => {
  app.get(
    '/api/admin/membership/versions',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every version, hidden ones too, with its holders and pending applications',
        response: responses(Type.Array(AdminVersionSchema), [401, 403]),
      },
    },
    async () => ok(await membership.adminVersions()),
  );

  app.post(
    '/api/admin/membership/versions',
    {
      config: admin,
      schema: { tags, summary: 'Create a version', body: VersionBody, response: responses(AdminVersionSchema, [400, 401, 403]) },
    },
    async (request) => ok(await membership.createVersion(request.auth!.user, request.body)),
  );

  app.put(
    '/api/admin/membership/versions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change a version (its holders get the new groups at once)',
        params: VersionIdParams,
        body: VersionBody,
        response: responses(AdminVersionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await membership.updateVersion(request.auth!.user, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/membership/versions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove a version: refused while held or applied for; hidden when past rows name it, deleted otherwise',
        params: VersionIdParams,
        response: responses(RemovedSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await membership.removeVersion(request.auth!.user, request.params.id)),
  );

  app.get(
    '/api/admin/membership/applications',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Applications: pending first (oldest first), then decided ones (newest first)',
        querystring: ApplicationsQuery,
        response: responses(AdminApplicationsSchema, [400, 401, 403]),
      },
    },
    async (request) =>
      ok(
        await membership.adminApplications(
          request.query.status || undefined,
          request.query.pageNum,
          request.query.pageSize,
          request.language,
        ),
      ),
  );

  app.post(
    '/api/admin/membership/applications/:id/approve',
    {
      config: admin,
      schema: {
        tags,
        summary: "Approve: the applicant gets the version for its trial length (kind 'trial'); the trial is recorded",
        params: ApplicationIdParams,
        response: responses(ApprovedSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await membership.approve(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/admin/membership/applications/:id/reject',
    {
      config: { ...admin, acceptQueryParams: true },
      schema: {
        tags,
        summary: 'Reject with a reason (the applicant is told)',
        params: ApplicationIdParams,
        body: ReasonBody,
        response: responses(Nothing, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await membership.reject(request.auth!.user, request.params.id, request.body.reason);
      return ok(null);
    },
  );

  app.post(
    '/api/admin/memberships/:userUid/revoke',
    {
      config: { ...admin, acceptQueryParams: true },
      schema: {
        tags,
        summary: "End a user's active membership now, with a reason (nothing they made is deleted)",
        params: UserUidParams,
        body: ReasonBody,
        response: responses(Nothing, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await membership.revoke(request.auth!.user, request.params.userUid, request.body.reason);
      return ok(null);
    },
  );
};
