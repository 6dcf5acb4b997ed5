import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Role } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { requestOrigin } from '../../lib/request-info.js';
import type { WorkPublishingService } from './work-publishing.service.js';
import {
  IdParams,
  MarketBody,
  OnLinedBody,
  PageQuerySchema,
  ReviewDecisionBody,
  ShareSchema,
  UidParams,
  WorkDetailSchema,
  WorkReviewItemSchema,
  pageOf,
  priceInFen,
  tags,
} from './works.schemas.js';

const adminRoute = routesFor({ role: Role.admin }, tags);
const signedInRoute = routesFor('signedIn', tags);
const changed = { data: WorkDetailSchema, failures: [400, 403, 404, 409] };

/** Online and offline, review, the market and sharing (see docs/work-lifecycle.md). */
export const workPublishingRoutes: FastifyPluginAsyncTypebox<{ publishing: WorkPublishingService; publicUrl: string | undefined }> = async (
  app,
  { publishing, publicUrl },
) => {
  app.put(
    '/api/model/:id/onLined',
    signedInRoute({
      summary: 'Put a work online (it must be complete) or take it offline',
      acceptQueryParams: true,
      params: IdParams,
      body: OnLinedBody,
      ...changed,
    }),
    async (request) => ok(await publishing.setOnLined(request.auth!.user, request.params.id, request.body.onLined)),
  );

  app.post(
    '/api/model/:uid/audit',
    signedInRoute({ summary: 'Submit an online work for review', params: UidParams, ...changed }),
    async (request) => ok(await publishing.submitForAudit(request.auth!.user, request.params.uid)),
  );

  app.delete(
    '/api/model/:uid/audit',
    signedInRoute({ summary: 'Withdraw a work waiting for review', params: UidParams, ...changed }),
    async (request) => ok(await publishing.withdrawFromAudit(request.auth!.user, request.params.uid)),
  );

  app.put(
    '/api/model/:uid/market',
    signedInRoute({
      summary: 'Put a reviewed work on the market at a price in yuan',
      acceptQueryParams: true,
      params: UidParams,
      body: MarketBody,
      ...changed,
    }),
    async (request) => ok(await publishing.putOnMarket(request.auth!.user, request.params.uid, priceInFen('price', request.body.price))),
  );

  app.delete(
    '/api/model/:uid/market',
    signedInRoute({ summary: 'Take a work off the market', params: UidParams, ...changed }),
    async (request) => ok(await publishing.takeOffMarket(request.auth!.user, request.params.uid)),
  );

  app.get(
    '/api/model/:uid/share',
    signedInRoute({
      summary: 'Public link and embed code of an online work',
      params: UidParams,
      data: ShareSchema,
      failures: [403, 404, 409],
    }),
    async (request) => ok(await publishing.share(request.auth!.user, request.params.uid, requestOrigin(request, publicUrl))),
  );

  app.get(
    '/api/audit/models',
    adminRoute({
      summary: 'Works waiting for or under review, with who claimed each (admins)',
      querystring: PageQuerySchema,
      data: pageOf(WorkReviewItemSchema),
      failures: [400],
    }),
    async (request) => ok(await publishing.reviewQueue(request.query.pageNum, request.query.pageSize)),
  );

  app.post(
    '/api/audit/models/:uid/claim',
    adminRoute({ summary: 'Claim a waiting work for review; only the claimer may decide it (admins)', params: UidParams, ...changed }),
    async (request) => ok(await publishing.claimReview(request.auth!.user, request.params.uid)),
  );

  app.post(
    '/api/audit/models/:uid/decision',
    adminRoute({
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
