import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Nothing, ok, responses } from '../../lib/envelope.js';
import type { WorkPublishingService } from './work-publishing.service.js';
import type { WorkViews } from './work-views.js';
import type { WorksService } from './works.service.js';
import {
  AttributesBody,
  BatchDeleteBody,
  BudgetBody,
  CreateWorkBody,
  DeletedSchema,
  IdParams,
  PageQuerySchema,
  TagParams,
  TagsSchema,
  UidParams,
  ViewsSchema,
  WorkDetailSchema,
  WorkListQuerySchema,
  WorkSummarySchema,
  pageOf,
  tags,
  signedIn,
  form,
} from './works.schemas.js';

/** Spec 7.2: creating, listing, tagging, editing, copying and deleting works, and the recycle bin. */
export const worksRoutes: FastifyPluginAsyncTypebox<{ works: WorksService; publishing: WorkPublishingService; views: WorkViews }> = async (
  app,
  { works, publishing, views },
) => {
  app.post(
    '/api/model',
    {
      config: signedIn,
      schema: { tags, summary: 'Create a work', body: CreateWorkBody, response: responses(WorkDetailSchema, [400, 401]) },
    },
    async (request) => ok(await works.create(request.auth!.user, { ...request.body, description: request.body.description ?? '' })),
  );

  app.get(
    '/api/fe/client/:id/models',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "A user's works: all of them for the owner, only online ones for others",
        params: IdParams,
        querystring: WorkListQuerySchema,
        response: responses(pageOf(WorkSummarySchema), [400, 404]),
      },
    },
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
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Count an open of the public page (once per visitor and hour)',
        params: IdParams,
        response: responses(ViewsSchema, [404]),
      },
    },
    async (request) => ok(await views.count(request.auth?.user, request.params.id, request.ip)),
  );

  app.get(
    '/api/showcase',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The official showcase: approved works shown by their owners',
        querystring: PageQuerySchema,
        response: responses(pageOf(WorkSummarySchema), [400]),
      },
    },
    async (request) => ok(await works.showcase(request.query.pageNum, request.query.pageSize, request.language)),
  );

  app.get(
    '/api/model/recycleBin',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'My deleted works (removed for good after 30 days)',
        querystring: PageQuerySchema,
        response: responses(pageOf(WorkSummarySchema), [400, 401]),
      },
    },
    async (request) => ok(await works.recycleBin(request.auth!.user, request.query.pageNum, request.query.pageSize)),
  );

  app.get(
    '/api/model/:uid',
    { config: { auth: 'public' }, schema: { tags, summary: 'One work', params: UidParams, response: responses(WorkDetailSchema, [404]) } },
    async (request) => ok(await works.get(request.auth?.user, request.params.uid, request.language)),
  );

  app.post(
    '/api/model/:uid/tag/:tag',
    { config: form, schema: { tags, summary: 'Add a tag', params: TagParams, response: responses(TagsSchema, [400, 401, 403, 404]) } },
    async (request) => ok(await works.addTag(request.auth!.user, request.params.uid, request.params.tag)),
  );

  app.delete(
    '/api/model/:uid/tag/:tag',
    { config: signedIn, schema: { tags, summary: 'Remove a tag', params: TagParams, response: responses(TagsSchema, [401, 403, 404]) } },
    async (request) => ok(await works.removeTag(request.auth!.user, request.params.uid, request.params.tag)),
  );

  app.delete(
    '/api/model/batchDeleteLogically',
    {
      config: form,
      schema: {
        tags,
        summary: 'Move several works to the recycle bin (all or none)',
        description: '`modelUids` as a list or comma-separated, in the query or the body.',
        body: BatchDeleteBody,
        response: responses(DeletedSchema, [400, 401, 403, 404, 409]),
      },
    },
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
    {
      config: signedIn,
      schema: { tags, summary: 'Move a work to the recycle bin', params: IdParams, response: responses(Nothing, [401, 403, 404, 409]) },
    },
    async (request) => {
      await works.deleteLogically(request.auth!.user, [request.params.id]);
      return ok(null);
    },
  );

  app.post(
    '/api/model/:uid/restore',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Bring a work back from the recycle bin',
        params: UidParams,
        response: responses(WorkDetailSchema, [401, 404]),
      },
    },
    async (request) => ok(await works.restore(request.auth!.user, request.params.uid)),
  );

  app.delete(
    '/api/model/:uid/purge',
    {
      config: signedIn,
      schema: { tags, summary: 'Remove a work in the recycle bin for good', params: UidParams, response: responses(Nothing, [401, 404]) },
    },
    async (request) => {
      await works.purge(request.auth!.user, request.params.uid);
      return ok(null);
    },
  );

  app.patch(
    '/api/model/:uid/attr',
    {
      config: form,
      schema: {
        tags,
        summary: 'Change attributes (form encoded); openInOfficial shows a reviewed work in the official showcase',
        params: UidParams,
        body: AttributesBody,
        response: responses(WorkDetailSchema, [400, 401, 403, 404, 409]),
      },
    },
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
    {
      config: form,
      schema: {
        tags,
        summary: 'Set the monthly traffic budget in GB',
        params: UidParams,
        body: BudgetBody,
        response: responses(Nothing, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await works.setBudget(request.auth!.user, request.params.uid, request.body.budget);
      return ok(null);
    },
  );

  app.post(
    '/api/model/:id/copy',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Copy a work (named as a copy; same files and processed output, new uid, unpublished)',
        params: IdParams,
        response: responses(WorkDetailSchema, [401, 403, 404]),
      },
    },
    async (request) => ok(await works.copy(request.auth!.user, request.params.id, request.language)),
  );
};
