import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Role } from '@spatia/contract';
import { ok, responses } from '../../lib/envelope.js';
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
  signedIn,
  form,
} from './works.schemas.js';

const reviewer = { auth: { role: Role.admin } } as const;
const changed = responses(WorkDetailSchema, [400, 401, 403, 404, 409]);

/** Online and offline, review, the market and sharing (see docs/work-lifecycle.md). */
export const workPublishingRoutes: FastifyPluginAsyncTypebox<{ publishing: WorkPublishingService; publicUrl: string | undefined }> = async (
  app,
  { publishing, publicUrl },
) => {
  app.put(
    '/api/model/:id/onLined',
    {
      config: form,
      schema: {
        tags,
        summary: 'Put a work online (it must be complete) or take it offline',
        params: IdParams,
        body: OnLinedBody,
        response: changed,
      },
    },
    async (request) => ok(await publishing.setOnLined(request.auth!.user, request.params.id, request.body.onLined)),
  );

  app.post(
    '/api/model/:uid/audit',
    { config: signedIn, schema: { tags, summary: 'Submit an online work for review', params: UidParams, response: changed } },
    async (request) => ok(await publishing.submitForAudit(request.auth!.user, request.params.uid)),
  );

  app.delete(
    '/api/model/:uid/audit',
    { config: signedIn, schema: { tags, summary: 'Withdraw a work waiting for review', params: UidParams, response: changed } },
    async (request) => ok(await publishing.withdrawFromAudit(request.auth!.user, request.params.uid)),
  );

  app.put(
    '/api/model/:uid/market',
    {
      config: form,
      schema: {
        tags,
        summary: 'Put a reviewed work on the market at a price in yuan',
        params: UidParams,
        body: MarketBody,
        response: changed,
      },
    },
    async (request) => ok(await publishing.putOnMarket(request.auth!.user, request.params.uid, priceInFen('price', request.body.price))),
  );

  app.delete(
    '/api/model/:uid/market',
    { config: signedIn, schema: { tags, summary: 'Take a work off the market', params: UidParams, response: changed } },
    async (request) => ok(await publishing.takeOffMarket(request.auth!.user, request.params.uid)),
  );

  app.get(
    '/api/model/:uid/share',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Public link and embed code of an online work',
        params: UidParams,
        response: responses(ShareSchema, [401, 403, 404, 409]),
      },
    },
    async (request) => ok(await publishing.share(request.auth!.user, request.params.uid, requestOrigin(request, publicUrl))),
  );

  app.get(
    '/api/audit/models',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Works waiting for or under review, with who claimed each (admins)',
        querystring: PageQuerySchema,
        response: responses(pageOf(WorkReviewItemSchema), [400, 401, 403]),
      },
    },
    async (request) => ok(await publishing.reviewQueue(request.query.pageNum, request.query.pageSize)),
  );

  app.post(
    '/api/audit/models/:uid/claim',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Claim a waiting work for review; only the claimer may decide it (admins)',
        params: UidParams,
        response: changed,
      },
    },
    async (request) => ok(await publishing.claimReview(request.auth!.user, request.params.uid)),
  );

  app.post(
    '/api/audit/models/:uid/decision',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Pass or reject a work one has claimed; a rejection needs a note (admins)',
        params: UidParams,
        body: ReviewDecisionBody,
        response: changed,
      },
    },
    async (request) =>
      ok(
        await publishing.decideReview(request.auth!.user, request.params.uid, {
          passed: request.body.passed,
          note: request.body.note ?? '',
        }),
      ),
  );
};
