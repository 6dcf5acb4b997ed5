import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Role } from '@spatia/contract';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import {
  AdminCancelBody,
  AdminOrdersQuery,
  AssignBody,
  CancelBody,
  CouponCreateBody,
  CouponIdParams,
  CouponPageSchema,
  CouponSchema,
  CouponsQuery,
  CouponUpdateBody,
  DeliverableWorkSchema,
  DeliverBody,
  EstimateAnswerSchema,
  EstimateBody,
  MyOrdersQuery,
  OpenOrdersQuery,
  OptionsSchema,
  OrderDetailSchema,
  OrderIdParams,
  OrderPageSchema,
  PayBody,
  PaymentAnswerSchema,
  PlaceBody,
  PriceRuleBody,
  PriceRuleSchema,
  RequirementTypeParams,
  SettingsSchema,
  tags,
} from './service-orders.schemas.js';
import type { ServiceOrdersService } from './service-orders.service.js';

const route = routesFor(tags);
/** Spec 1: "a customer or merchant books a shoot" (an admin passes every role rule). */
const bookerRoute = route.for({ anyRole: [Role.customer, Role.merchant] });
/** Signed providers are photographers; the service checks that they are signed. */
const providerRoute = route.for({ role: Role.photographer });

/** Booking, paying, accepting, delivering and confirming service orders; the back office's orders, price rules and coupons. */
export const serviceOrdersRoutes: FastifyPluginAsyncTypebox<{ serviceOrders: ServiceOrdersService }> = async (app, { serviceOrders }) => {
  app.get(
    '/api/serviceOrder/options',
    route.public({ summary: 'What /addOrder needs: the enabled price rules and the payment providers', data: OptionsSchema }),
    async () => ok(await serviceOrders.options()),
  );

  app.post(
    '/api/serviceOrder/estimate',
    route.public({
      summary:
        "An order's estimated price (the contract's estimateServiceOrder), with the coupon checked (against the caller's own uses when signed in)",
      acceptQueryParams: true,
      body: EstimateBody,
      data: EstimateAnswerSchema,
      failures: [400, 409],
    }),
    async (request) => ok(await serviceOrders.estimate(request.body, request.auth?.user ?? null, request.language)),
  );

  app.post(
    '/api/c/serviceOrder',
    bookerRoute({
      summary:
        'Place a service order (spec 3). The server prices it again; a differing estimateFen is refused. An Idempotency-Key header is honoured for 24 h',
      headers: IdempotencyHeaders,
      body: PlaceBody,
      data: OrderDetailSchema,
      failures: [400, 409, 422],
    }),
    async (request) =>
      ok(await serviceOrders.place(request.auth!.user, request.body, request.headers['idempotency-key'], request.language)),
  );

  app.get(
    '/api/c/serviceOrders',
    route.signedIn({
      summary: 'My service orders: as=customer (placed, the default) or as=provider (taken), newest first',
      querystring: MyOrdersQuery,
      data: OrderPageSchema,
    }),
    async (request) => ok(await serviceOrders.listMine(request.auth!.user, request.query, request.language)),
  );

  app.get(
    '/api/c/serviceOrders/open',
    providerRoute({
      summary: "Open orders in a signed provider's provinces: paid, not yet taken, oldest appointment first",
      querystring: OpenOrdersQuery,
      data: OrderPageSchema,
    }),
    async (request) => ok(await serviceOrders.listOpen(request.auth!.user, request.query, request.language)),
  );

  app.get(
    '/api/c/serviceOrder/:id',
    route.signedIn({
      summary: 'An order, for its customer, its provider, or a signed provider it is open to',
      params: OrderIdParams,
      data: OrderDetailSchema,
      failures: [404],
    }),
    async (request) => ok(await serviceOrders.detail(request.auth!.user, request.params.id, request.language)),
  );

  app.post(
    '/api/c/serviceOrder/:id/pay',
    bookerRoute({
      summary:
        'Pay the deposit, the whole, or the rest after a deposit: from my balance at once, or by a payment QR code (the payment pays it when booked). An Idempotency-Key header is honoured for 24 h',
      headers: IdempotencyHeaders,
      params: OrderIdParams,
      body: PayBody,
      data: PaymentAnswerSchema,
      failures: [400, 404, 409, 422, 502],
    }),
    async (request) =>
      ok(
        await serviceOrders.pay(request.auth!.user, request.params.id, request.body, request.headers['idempotency-key'], request.language),
      ),
  );

  app.post(
    '/api/c/serviceOrder/:id/cancel',
    bookerRoute({
      summary: 'Cancel my order before a provider takes it: what was paid goes back to my balance, the coupon use too',
      params: OrderIdParams,
      body: CancelBody,
      data: OrderDetailSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await serviceOrders.cancel(request.auth!.user, request.params.id, request.body.reason ?? '', request.language)),
  );

  app.post(
    '/api/c/serviceOrder/:id/confirm',
    bookerRoute({
      summary: "Confirm a delivered order: the works become mine, the order completes and the provider's income is posted",
      params: OrderIdParams,
      data: OrderDetailSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await serviceOrders.confirm(request.auth!.user, request.params.id, request.language)),
  );

  app.post(
    '/api/c/serviceOrder/:id/accept',
    providerRoute({
      summary: 'Take an open order in my provinces (one provider only: a second gets 2466)',
      params: OrderIdParams,
      data: OrderDetailSchema,
      failures: [403, 404, 409],
    }),
    async (request) => ok(await serviceOrders.accept(request.auth!.user, request.params.id, request.language)),
  );

  app.post(
    '/api/c/serviceOrder/:id/shot',
    providerRoute({
      summary: 'Say the shoot of my accepted order is done',
      params: OrderIdParams,
      data: OrderDetailSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await serviceOrders.markShot(request.auth!.user, request.params.id, request.language)),
  );

  app.get(
    '/api/c/serviceOrder/:id/deliverableWorks',
    providerRoute({
      summary: 'Works I may deliver for this order: mine, processed, not in another transfer',
      params: OrderIdParams,
      data: Type.Array(DeliverableWorkSchema),
      failures: [404, 409],
    }),
    async (request) => ok(await serviceOrders.deliverableWorks(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/c/serviceOrder/:id/deliver',
    providerRoute({
      summary: 'Deliver works of mine to the customer (work transfers tied to the order); again after a lapsed delivery',
      params: OrderIdParams,
      body: DeliverBody,
      data: OrderDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await serviceOrders.deliver(request.auth!.user, request.params.id, request.body, request.language)),
  );

  // The back office

  app.get(
    '/api/admin/serviceOrders',
    route.admin({ summary: 'Every service order, newest first', querystring: AdminOrdersQuery, data: OrderPageSchema }),
    async (request) => ok(await serviceOrders.listAll(request.query, request.language)),
  );

  app.get(
    '/api/admin/serviceOrder/:id',
    route.admin({ summary: 'An order, with what an admin may do', params: OrderIdParams, data: OrderDetailSchema, failures: [404] }),
    async (request) => ok(await serviceOrders.detail(request.auth!.user, request.params.id, request.language)),
  );

  app.post(
    '/api/admin/serviceOrder/:id/assign',
    route.admin({
      summary: 'Assign a paid, untaken order to an active signed provider',
      params: OrderIdParams,
      body: AssignBody,
      data: OrderDetailSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await serviceOrders.assign(request.auth!.user, request.params.id, request.body.providerUid, request.language)),
  );

  app.post(
    '/api/admin/serviceOrder/:id/cancel',
    route.admin({
      summary:
        'Cancel an order not yet completed, with a reason: refundFen (default all paid) back to the balance, the rest to the provider',
      params: OrderIdParams,
      body: AdminCancelBody,
      data: OrderDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await serviceOrders.adminCancel(request.auth!.user, request.params.id, request.body, request.language)),
  );

  app.get(
    '/api/admin/serviceOrder/priceRules',
    route.admin({ summary: 'The price rule of every requirement type (disabled ones too)', data: Type.Array(PriceRuleSchema) }),
    async () => ok(await serviceOrders.priceRules()),
  );

  app.put(
    '/api/admin/serviceOrder/priceRules/:requirementType',
    route.admin({
      summary: "Set a requirement type's price rule; orders already placed keep their price",
      params: RequirementTypeParams,
      body: PriceRuleBody,
      data: PriceRuleSchema,
      failures: [400],
    }),
    async (request) => ok(await serviceOrders.setPriceRule(request.auth!.user, request.params.requirementType, request.body)),
  );

  app.get(
    '/api/admin/serviceOrder/settings',
    route.admin({ summary: "Service orders' settings: the platform fee", data: SettingsSchema }),
    async () => ok(await serviceOrders.settings()),
  );

  app.put(
    '/api/admin/serviceOrder/settings',
    route.admin({
      summary: 'Set the platform fee (applies to orders completed from now)',
      body: SettingsSchema,
      data: SettingsSchema,
      failures: [400],
    }),
    async (request) => ok(await serviceOrders.setSettings(request.auth!.user, request.body)),
  );

  app.get(
    '/api/admin/serviceOrder/coupons',
    route.admin({ summary: 'Coupons, newest first', querystring: CouponsQuery, data: CouponPageSchema }),
    async (request) => ok(await serviceOrders.coupons(request.query)),
  );

  app.post(
    '/api/admin/serviceOrder/coupons',
    route.admin({ summary: 'Create a coupon (amount or percent off)', body: CouponCreateBody, data: CouponSchema, failures: [400, 409] }),
    async (request) => ok(await serviceOrders.createCoupon(request.auth!.user, request.body)),
  );

  app.put(
    '/api/admin/serviceOrder/coupons/:id',
    route.admin({
      summary: 'Enable or disable a coupon',
      params: CouponIdParams,
      body: CouponUpdateBody,
      data: CouponSchema,
      failures: [404],
    }),
    async (request) => ok(await serviceOrders.setCouponEnabled(request.auth!.user, request.params.id, request.body.enabled)),
  );
};
