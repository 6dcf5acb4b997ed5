import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Nothing, ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import type { WorkPublishingService } from './work-publishing.service.js';
import type { WorkViews } from './work-views.js';
import type { WorksService } from './works.service.js';
import {
  AttributesBody,
  BatchDeleteBody,
  BudgetBody,
  CreateWorkBody,
  DeletedSchema,
  ShowcaseQuerySchema,
  TagParams,
  TagsSchema,
  ViewsSchema,
  WorkDetailSchema,
  WorkListQuerySchema,
  WorkSummarySchema,
  tags,
} from './works.schemas.js';
import { IdParams, PageQuerySchema, UidParams, pageOf } from '../../lib/schemas.js';

const route = routesFor(tags);

/** Spec 7.2: creating, listing, tagging, editing, copying and deleting works, and the recycle bin. */
export const worksRoutes: FastifyPluginAsyncTypebox<{ works: WorksService; publishing: WorkPublishingService; views: WorkViews }> = async (
  app,
  { works, publishing, views },
) => {
  app.post(
    '/api/model',
    route.signedIn({ summary: 'Create a work', body: CreateWorkBody, data: WorkDetailSchema, failures: [400] }),
    async (request) => ok(await works.create(request.auth!.user, { ...request.body, description: request.body.description ?? '' })),
  );

  app.get(
    '/api/fe/client/:id/models',
    route.public({
      summary: "A user's works: all of them for the owner, only online ones for others",
      params: IdParams,
      querystring: WorkListQuerySchema,
      data: pageOf(WorkSummarySchema),
      failures: [400, 404],
    }),
    async (request) => {
      const { status, type, ...query } = request.query;
      return ok(
        await works.list(
          request.auth?.user,
          request.params.id,
          { ...query, status: status || undefined, type: type || undefined },
          request.language,
        ),
      );
    },
  );

  app.post(
    '/api/model/:id/views',
    route.public({
      summary: 'Count an open of the public page (once per visitor and hour)',
      params: IdParams,
      data: ViewsSchema,
      failures: [404],
    }),
    async (request) => ok(await views.count(request.auth?.user, request.params.id, request.ip)),
  );

  app.get(
    '/api/showcase',
    route.public({
      summary: 'The official showcase: approved works shown by their owners, of one type when asked',
      querystring: ShowcaseQuerySchema,
      data: pageOf(WorkSummarySchema),
      failures: [400],
    }),
    async (request) => ok(await works.showcase(request.query, request.language)),
  );

  app.get(
    '/api/model/recycleBin',
    route.signedIn({
      summary: 'My deleted works (removed for good after 30 days)',
      querystring: PageQuerySchema,
      data: pageOf(WorkSummarySchema),
      failures: [400],
    }),
    async (request) => ok(await works.recycleBin(request.auth!.user, request.query.pageNum, request.query.pageSize)),
  );

  app.get(
    '/api/model/:uid',
    route.public({ summary: 'One work', params: UidParams, data: WorkDetailSchema, failures: [404] }),
    async (request) => ok(await works.get(request.auth?.user, request.params.uid, request.language)),
  );

  app.post(
    '/api/model/:uid/tag/:tag',
    route.signedIn({ summary: 'Add a tag', acceptQueryParams: true, params: TagParams, data: TagsSchema, failures: [400, 403, 404] }),
    async (request) => ok(await works.addTag(request.auth!.user, request.params.uid, request.params.tag)),
  );

  app.delete(
    '/api/model/:uid/tag/:tag',
    route.signedIn({ summary: 'Remove a tag', params: TagParams, data: TagsSchema, failures: [403, 404] }),
    async (request) => ok(await works.removeTag(request.auth!.user, request.params.uid, request.params.tag)),
  );

  app.delete(
    '/api/model/batchDeleteLogically',
    route.signedIn({
      summary: 'Move several works to the recycle bin (all or none)',
      description: '`modelUids` as a list or comma-separated, in the query or the body.',
      acceptQueryParams: true,
      body: BatchDeleteBody,
      data: DeletedSchema,
      failures: [400, 403, 404, 409],
    }),
    async (request) => {
      const { modelUids } = request.body;
      // A comma-separated query value arrives as a list of one ("a,b"): split every item.
      const uids = (Array.isArray(modelUids) ? modelUids : [modelUids])
        .flatMap((value) => value.split(','))
        .map((uid) => uid.trim())
        .filter(Boolean);
      return ok({ deleted: await works.deleteLogically(request.auth!.user, uids) });
    },
  );

  app.delete(
    '/api/model/:id',
    route.signedIn({ summary: 'Move a work to the recycle bin', params: IdParams, data: Nothing, failures: [403, 404, 409] }),
    async (request) => {
      await works.deleteLogically(request.auth!.user, [request.params.id]);
      return ok(null);
    },
  );

  app.post(
    '/api/model/:uid/restore',
    route.signedIn({ summary: 'Bring a work back from the recycle bin', params: UidParams, data: WorkDetailSchema, failures: [404] }),
    async (request) => ok(await works.restore(request.auth!.user, request.params.uid)),
  );

  app.delete(
    '/api/model/:uid/purge',
    route.signedIn({ summary: 'Remove a work in the recycle bin for good', params: UidParams, data: Nothing, failures: [404] }),
    async (request) => {
      await works.purge(request.auth!.user, request.params.uid);
      return ok(null);
    },
  );

  app.patch(
    '/api/model/:uid/attr',
    route.signedIn({
      summary: 'Change attributes (form encoded); openInOfficial shows a reviewed work in the official showcase',
      params: UidParams,
      acceptQueryParams: true,
      body: AttributesBody,
      data: WorkDetailSchema,
      failures: [400, 403, 404, 409],
    }),
    async (request) => {
      const { openInOfficial, ...attributes } = request.body;
      const actor = request.auth!.user;
      let detail = Object.keys(attributes).length > 0 ? await works.updateAttributes(actor, request.params.uid, attributes) : undefined;
      if (openInOfficial !== undefined) detail = await publishing.setOpenInOfficial(actor, request.params.uid, openInOfficial);
      return ok(detail ?? (await works.get(actor, request.params.uid)));
    },
  );

  app.post(
    '/api/model/:uid/budget',
    route.signedIn({
      summary: 'Set the monthly traffic budget in GB',
      params: UidParams,
      acceptQueryParams: true,
      body: BudgetBody,
      data: Nothing,
      failures: [400, 403, 404],
    }),
    async (request) => {
      await works.setBudget(request.auth!.user, request.params.uid, request.body.budget);
      return ok(null);
    },
  );

  app.post(
    '/api/model/:id/copy',
    route.signedIn({
      summary: 'Copy a work (named as a copy; same files and processed output, new uid, unpublished)',
      params: IdParams,
      data: WorkDetailSchema,
      failures: [403, 404],
    }),
    async (request) => ok(await works.copy(request.auth!.user, request.params.id, request.language)),
  );
};
