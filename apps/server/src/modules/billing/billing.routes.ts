import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import type { BillingAdminService } from './billing-admin.service.js';
import {
  BillingSettingsSchema,
  ClientParams,
  LeaseBody,
  LeaseOverviewSchema,
  LeasePurchaseSchema,
  PlansBody,
  PricesBody,
  WalletStatQuery,
  WalletStatSchema,
  tags,
} from './billing.schemas.js';
import type { WalletService } from './wallet.service.js';

const route = routesFor(tags);
/** Spec 2.4: the wallet and its pages need permission 35. */
const walletRoute = route.for({ permission: Permission.wallet });

/** The flow wallet, lease time (spec 7.3) and the back office's billing prices (docs/billing.md). */
export const billingRoutes: FastifyPluginAsyncTypebox<{ wallet: WalletService; billingAdmin: BillingAdminService }> = async (
  app,
  { wallet: walletService, billingAdmin },
) => {
  app.get(
    '/api/client/:id/balance/stat',
    walletRoute({
      summary: 'The flow wallet: balance, requests, traffic and their cost by day and by work, the lease (the caller’s own)',
      params: ClientParams,
      querystring: WalletStatQuery,
      data: WalletStatSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await walletService.stat(request.auth!.user, request.params.id, request.query.days ?? 30)),
  );

  app.get(
    '/api/client/:id/lease',
    walletRoute({
      summary: 'Lease time: the lease running or queued, the price of a month, the balance and every period bought',
      params: ClientParams,
      data: LeaseOverviewSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await walletService.leaseOverview(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/client/:id/purchaseTimeBalance',
    walletRoute({
      summary: 'Buy months of lease time from the balance (an Idempotency-Key header answers the same purchase)',
      params: ClientParams,
      headers: IdempotencyHeaders,
      acceptQueryParams: true,
      body: LeaseBody,
      data: LeasePurchaseSchema,
      failures: [400, 404, 409, 422],
    }),
    async (request) =>
      ok(await walletService.purchaseLease(request.auth!.user, request.params.id, request.body.months, request.headers['idempotency-key'])),
  );

  app.get(
    '/api/admin/billing',
    route.admin({ summary: 'Traffic and lease prices and the recharge price list', data: BillingSettingsSchema }),
    async () => ok(await billingAdmin.settings()),
  );

  app.put(
    '/api/admin/billing/prices',
    route.admin({
      summary: 'Set the traffic and lease prices, the low-balance threshold and the grace period (days billed from now on)',
      body: PricesBody,
      data: BillingSettingsSchema,
      failures: [400],
    }),
    async (request) => ok(await billingAdmin.updatePrices(request.auth!.user.id, request.body)),
  );

  app.put(
    '/api/admin/billing/rechargePlans',
    route.admin({
      summary: 'Replace the recharge price list (orders already made keep their price)',
      body: PlansBody,
      data: BillingSettingsSchema,
      failures: [400],
    }),
    async (request) => ok(await billingAdmin.updatePlans(request.auth!.user.id, request.body.plans)),
  );
};
