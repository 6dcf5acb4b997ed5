import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { UidParams, pageOf, priceInFen } from '../../lib/schemas.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import {
  ListingBody,
  ListingCardSchema,
  ListingDetailSchema,
  ListingIdParams,
  ListingSearchQuery,
  MyListingSchema,
  MyListingsQuery,
  PurchaseAnswerSchema,
  PurchaseBody,
  PurchaseSchema,
  PurchasesQuery,
  tags,
} from './market.schemas.js';
import type { MarketService } from './market.service.js';

const route = routesFor(tags);

/** The market for everyone (search, a listing), buyers (purchase, bought works) and sellers (listing a work). */
export const marketRoutes: FastifyPluginAsyncTypebox<{ market: MarketService }> = async (app, { market }) => {
  app.get(
    '/api/market/listings',
    route.public({
      summary: 'Listings on the market: search (Chinese too), filter by type and price (fen), sort by newest, popular or price',
      querystring: ListingSearchQuery,
      data: pageOf(ListingCardSchema),
      failures: [400],
    }),
    async (request) => {
      const { type, ...query } = request.query;
      return ok(await market.search({ ...query, type: type || undefined }, request.language, Boolean(request.auth)));
    },
  );

  app.get(
    '/api/market/listings/:id',
    route.public({
      summary:
        "A listing with its work as the public page shows it, the seller's badges and the caller's standing (bought, own); only its seller, its buyers and admins see it off the market",
      params: ListingIdParams,
      data: ListingDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await market.detail(request.auth?.user, request.params.id, request.language)),
  );

  app.post(
    '/api/market/listings/:id/purchase',
    route.signedIn({
      summary:
        'Buy a listing: `balance` pays from the balance; a provider pays from the balance and answers a payment QR code for what it lacks (the payment completes the purchase). An Idempotency-Key header is honoured for 24 h',
      params: ListingIdParams,
      headers: IdempotencyHeaders,
      acceptQueryParams: true,
      body: PurchaseBody,
      data: PurchaseAnswerSchema,
      failures: [400, 404, 409, 422, 502],
    }),
    async (request) =>
      ok(
        await market.purchase(
          request.auth!.user,
          request.params.id,
          request.body.method,
          request.headers['idempotency-key'],
          request.language,
        ),
      ),
  );

  app.get(
    '/api/market/purchases',
    route.signedIn({
      summary: 'My bought works, newest first (refunded ones too)',
      querystring: PurchasesQuery,
      data: pageOf(PurchaseSchema),
      failures: [400],
    }),
    async (request) => ok(await market.myPurchases(request.auth!.user, request.query.pageNum, request.query.pageSize)),
  );

  app.get(
    '/api/market/myListings',
    route.signedIn({
      summary: 'My listings with their status and the reason of a rejection; with workUids, only those of these works (the works in view)',
      querystring: MyListingsQuery,
      data: pageOf(MyListingSchema),
      failures: [400],
    }),
    async (request) =>
      ok(
        await market.myListings(
          request.auth!.user,
          request.query.status || undefined,
          request.query.pageNum,
          request.query.pageSize,
          request.query.workUids,
        ),
      ),
  );

  app.put(
    '/api/model/:uid/market',
    route.signedIn({
      summary:
        'List a published, reviewed work on the market at a price in yuan with a licence (view when left out): the listing waits for review',
      params: UidParams,
      acceptQueryParams: true,
      body: ListingBody,
      data: MyListingSchema,
      failures: [400, 403, 404, 409],
    }),
    async (request) =>
      ok(
        await market.submit(request.auth!.user, request.params.uid, {
          priceFen: priceInFen('price', request.body.price),
          licence: request.body.licence ?? 'view',
        }),
      ),
  );

  app.delete(
    '/api/model/:uid/market',
    route.signedIn({
      summary: "Take a work's listing off the market (or out of review); null when the work has none",
      params: UidParams,
      data: Type.Union([MyListingSchema, Type.Null()]),
      failures: [403, 404],
    }),
    async (request) => ok(await market.takeOff(request.auth!.user, request.params.uid)),
  );
};
