import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Nothing, ok } from '../../lib/envelope.js';
import { registerReviewDecisions } from '../admin-log/index.js';
import { routesFor } from '../../lib/route.js';
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

const route = routesFor(tags);

/** The back office's side: versions editor, application review queue, revocation. Admin role only. */
export const membershipAdminRoutes: FastifyPluginAsyncTypebox<{ membership: MembershipService }> = async (app, { membership }) => {
  app.get(
    '/api/admin/membership/versions',
    route.admin({
      summary: 'Every version, hidden ones too, with its holders and pending applications',
      data: Type.Array(AdminVersionSchema),
    }),
    async () => ok(await membership.adminVersions()),
  );

  app.post(
    '/api/admin/membership/versions',
    route.admin({ summary: 'Create a version', body: VersionBody, data: AdminVersionSchema, failures: [400] }),
    async (request) => ok(await membership.createVersion(request.auth!.user, request.body)),
  );

  app.put(
    '/api/admin/membership/versions/:id',
    route.admin({
      summary: 'Change a version (its holders get the new groups at once)',
      params: VersionIdParams,
      body: VersionBody,
      data: AdminVersionSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await membership.updateVersion(request.auth!.user, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/membership/versions/:id',
    route.admin({
      summary: 'Remove a version: refused while held or applied for; hidden when past rows name it, deleted otherwise',
      params: VersionIdParams,
      data: RemovedSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await membership.removeVersion(request.auth!.user, request.params.id)),
  );

  app.get(
    '/api/admin/membership/applications',
    route.admin({
      summary: 'Applications: pending first (oldest first), then decided ones (newest first)',
      querystring: ApplicationsQuery,
      data: AdminApplicationsSchema,
      failures: [400],
    }),
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

  registerReviewDecisions(app, {
    queueUrl: '/api/admin/membership/applications',
    tags,
    params: ApplicationIdParams,
    reasonBody: ReasonBody,
    approve: {
      summary: "Approve: the applicant gets the version for its trial length (kind 'trial'); the trial is recorded",
      data: ApprovedSchema,
      failures: [400, 404, 409],
      decide: (admin, id) => membership.approve(admin, id),
    },
    reject: {
      summary: 'Reject with a reason (the applicant is told)',
      data: Nothing,
      failures: [400, 404, 409],
      decide: async (admin, id, reason) => {
        await membership.reject(admin, id, reason);
        return null;
      },
    },
  });

  app.post(
    '/api/admin/memberships/:userUid/revoke',
    route.admin({
      summary: "End a user's active membership now, with a reason (nothing they made is deleted)",
      params: UserUidParams,
      acceptQueryParams: true,
      body: ReasonBody,
      data: Nothing,
      failures: [400, 404, 409],
    }),
    async (request) => {
      await membership.revoke(request.auth!.user, request.params.userUid, request.body.reason);
      return ok(null);
    },
  );
};
