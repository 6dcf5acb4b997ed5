import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { pageOf } from '../../lib/schemas.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import type { MarketAdminService } from './market-admin.service.js';
import {
  AdminListingSchema,
  AdminListingsQuery,
  AdminPurchasesQuery,
  ListingIdParams,
  PurchaseIdParams,
  PurchaseSchema,
  ReasonBody,
  SettingsSchema,
  tags,
} from './market.schemas.js';

const route = routesFor(tags);

/** The back office's side of the market: reviewing listings, the fee and refund window, refunds. Admin role only. */
export const marketAdminRoutes: FastifyPluginAsyncTypebox<{ admin: MarketAdminService }> = async (app, { admin }) => {
  app.get(
    '/api/admin/market/listings',
    route.admin({
      summary: "Listings by status (waiting for review first, oldest first), searchable by the work's or seller's name, uid or phone",
      querystring: AdminListingsQuery,
      data: pageOf(AdminListingSchema),
      failures: [400],
    }),
    async (request) => {
      const { status, keyword, pageNum, pageSize } = request.query;
      return ok(await admin.listings({ status: status || undefined, keyword: keyword?.trim() || undefined }, pageNum, pageSize));
    },
  );

  app.post(
    '/api/admin/market/listings/:id/approve',
    route.admin({
      summary: 'Put a listing waiting for review on the market',
      params: ListingIdParams,
      data: AdminListingSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await admin.approve(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/admin/market/listings/:id/reject',
    route.admin({
      summary: 'Refuse a listing waiting for review, with a reason its seller reads',
      params: ListingIdParams,
      acceptQueryParams: true,
      body: ReasonBody,
      data: AdminListingSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await admin.reject(request.auth!.user, request.params.id, request.body.reason)),
  );

  app.post(
    '/api/admin/market/listings/:id/takeOff',
    route.admin({
      summary: 'Take a listing on the market off it, with a reason its seller reads',
      params: ListingIdParams,
      acceptQueryParams: true,
      body: ReasonBody,
      data: AdminListingSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await admin.takeOff(request.auth!.user, request.params.id, request.body.reason)),
  );

  app.get(
    '/api/admin/market/settings',
    route.admin({ summary: "The platform's fee (basis points of the price) and the refund window (days)", data: SettingsSchema }),
    async () => ok(await admin.settings()),
  );

  app.put(
    '/api/admin/market/settings',
    route.admin({
      summary: "Change the platform's fee (for sales from now on) and the refund window",
      acceptQueryParams: true,
      body: SettingsSchema,
      data: SettingsSchema,
      failures: [400],
    }),
    async (request) => ok(await admin.updateSettings(request.auth!.user, request.body)),
  );

  app.get(
    '/api/admin/market/purchases',
    route.admin({
      summary: "Purchases, newest first, searchable by order number or the buyer's or seller's uid or phone",
      querystring: AdminPurchasesQuery,
      data: pageOf(PurchaseSchema),
      failures: [400],
    }),
    async (request) => {
      const { status, keyword, pageNum, pageSize } = request.query;
      return ok(await admin.purchases({ status: status || undefined, keyword: keyword?.trim() || undefined }, pageNum, pageSize));
    },
  );

  app.post(
    '/api/admin/market/purchases/:id/refund',
    route.admin({
      summary:
        "Refund a purchase within the refund window: the seller's income and the fee go back to the buyer's balance, the QR-paid part on to the provider; the licence ends (a copy is removed). Idempotency-Key honoured",
      params: PurchaseIdParams,
      headers: IdempotencyHeaders,
      acceptQueryParams: true,
      body: ReasonBody,
      data: PurchaseSchema,
      failures: [400, 404, 409, 502],
    }),
    async (request) =>
      ok(await admin.refund(request.auth!.user, request.params.id, request.body.reason, request.headers['idempotency-key'])),
  );
};
