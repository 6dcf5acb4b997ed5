import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static, TInteger, TObject, TSchema, TString } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';

type TypedInstance = Parameters<FastifyPluginAsyncTypebox>[0];
type Admin = NonNullable<FastifyRequest['auth']>['user'];

/** One of the two answers: its summary, what it answers and the error statuses it gives besides 401 and 403. */
interface Decision<D extends TSchema, Extra extends unknown[]> {
  summary: string;
  data: D;
  failures: readonly number[];
  decide: (admin: Admin, id: number, ...extra: Extra) => Promise<Static<D>>;
}

export interface ReviewDecisions<A extends TSchema, R extends TSchema> {
  /** The queue's address, e.g. `/api/admin/withdrawals`; an item of it is `{queueUrl}/:id`. */
  queueUrl: string;
  tags: string[];
  params: TObject<{ id: TInteger }>;
  /** A rejection's body: its reason. */
  reasonBody: TObject<{ reason: TString }>;
  approve: Decision<A, []>;
  reject: Decision<R, [reason: string]>;
}

/**
 * Registers the back office's two answers to an item of a review queue (admins only): POST
 * `{queueUrl}/:id/approve`, and POST `{queueUrl}/:id/reject` with a reason (in the body or the query).
 * The web's twin is apps/web/src/lib/review-decision-requests.ts.
 */
export function registerReviewDecisions<A extends TSchema, R extends TSchema>(app: TypedInstance, review: ReviewDecisions<A, R>): void {
  const route = routesFor(review.tags);
  const { queueUrl, params, reasonBody, approve, reject } = review;
  // Fastify cannot type a reply by a schema left generic: each `decide` is checked against its own schema instead.
  const approved: TSchema = approve.data;
  const rejected: TSchema = reject.data;
  app.post(
    `${queueUrl}/:id/approve`,
    route.admin({ summary: approve.summary, params, data: approved, failures: approve.failures }),
    async (request) => ok(await approve.decide(request.auth!.user, request.params.id)),
  );
  app.post(
    `${queueUrl}/:id/reject`,
    route.admin({
      summary: reject.summary,
      params,
      acceptQueryParams: true,
      body: reasonBody,
      data: rejected,
      failures: reject.failures,
    }),
    async (request) => ok(await reject.decide(request.auth!.user, request.params.id, request.body.reason)),
  );
}
