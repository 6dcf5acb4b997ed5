import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { CatalogueSchema, PermissionIdsBody, TreeQuery, UserTreeSchema, UserUidParams, tags } from './access.schemas.js';
import type { AccessService } from './access.service.js';

const route = routesFor(tags);

/** The permission catalogue, one user's permission tree and its save (docs/access.md). */
export const accessRoutes: FastifyPluginAsyncTypebox<{ access: AccessService }> = async (app, { access }) => {
  app.get(
    '/api/open/permissions/catalogue',
    // Never reads the caller: no session lookup.
    route.anyone({
      summary: 'The permission catalogue as a tree (groups, permissions, sub-permissions) in the caller’s language',
      data: CatalogueSchema,
    }),
    async (request) => ok(await access.catalogueTree(request.language)),
  );

  app.get(
    '/api/admin/permissions/tree',
    route.admin({
      summary: "One user's permission tree: each permission checked when effective, its source, and whether a grant edit can remove it",
      querystring: TreeQuery,
      data: UserTreeSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await access.userTree(request.query.uid, request.language)),
  );

  app.put(
    '/api/admin/users/:uid/permissions',
    route.admin({
      summary:
        "Save a user's permission tree: grants become these ids (with their parents) minus what roles and the membership give; 276 always stays",
      params: UserUidParams,
      body: PermissionIdsBody,
      data: UserTreeSchema,
      failures: [400, 404],
    }),
    async (request) =>
      ok(await access.setUserPermissions(request.auth!.user.id, request.params.uid, request.body.permIds, request.language)),
  );
};
