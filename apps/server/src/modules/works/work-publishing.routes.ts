import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { requestOrigin } from '../../lib/request-info.js';
import type { WorkPublishingService } from './work-publishing.service.js';
import { OnLinedBody, ReviewDecisionBody, ShareSchema, WorkDetailSchema, WorkReviewItemSchema, tags } from './works.schemas.js';
import { IdParams, PageQuerySchema, UidParams, pageOf } from '../../lib/schemas.js';

const changed = { data: WorkDetailSchema, failures: [400, 403, 404, 409] };

const route = routesFor(tags);

/** Online and offline, review and sharing (see docs/work-lifecycle.md; the market's calls are the market module's). */
export const workPublishingRoutes: FastifyPluginAsyncTypebox<{ publishing: WorkPublishingService; publicUrl: string | undefined }> = async (
  app,
  { publishing, publicUrl },
) => {
  app.put(
    '/api/model/:id/onLined',
    route.signedIn({
      summary: 'Put a work online (it must be complete) or take it offline',
      params: IdParams,
      acceptQueryParams: true,
      body: OnLinedBody,
      ...changed,
    }),
    async (request) => ok(await publishing.setOnLined(request.auth!.user, request.params.id, request.body.onLined)),
  );

  app.post(
    '/api/model/:uid/audit',
    route.signedIn({ summary: 'Submit an online work for review', params: UidParams, ...changed }),
    async (request) => ok(await publishing.submitForAudit(request.auth!.user, request.params.uid)),
  );

  app.delete(
    '/api/model/:uid/audit',
    route.signedIn({ summary: 'Withdraw a work waiting for review', params: UidParams, ...changed }),
    async (request) => ok(await publishing.withdrawFromAudit(request.auth!.user, request.params.uid)),
  );

  app.get(
    '/api/model/:uid/share',
    route.signedIn({
      summary: 'Public link and embed code of an online work',
      params: UidParams,
      data: ShareSchema,
      failures: [403, 404, 409],
    }),
    async (request) => ok(await publishing.share(request.auth!.user, request.params.uid, requestOrigin(request, publicUrl))),
  );

  app.get(
    '/api/audit/models',
    route.admin({
      summary: 'Works waiting for or under review, with who claimed each (admins)',
      querystring: PageQuerySchema,
      data: pageOf(WorkReviewItemSchema),
      failures: [400],
    }),
    async (request) => ok(await publishing.reviewQueue(request.auth!.user, request.query.pageNum, request.query.pageSize)),
  );

  app.post(
    '/api/audit/models/:uid/claim',
    route.admin({ summary: 'Claim a waiting work for review; only the claimer may decide it (admins)', params: UidParams, ...changed }),
    async (request) => ok(await publishing.claimReview(request.auth!.user, request.params.uid)),
  );

  app.post(
    '/api/audit/models/:uid/decision',
    route.admin({
      summary: 'Pass or reject a work one has claimed; a rejection needs a note (admins)',
      params: UidParams,
      body: ReviewDecisionBody,
      ...changed,
    }),
    async (request) =>
      ok(
        await publishing.decideReview(request.auth!.user, request.params.uid, {
          passed: request.body.passed,
          note: request.body.note ?? '',
        }),
      ),
  );
};
