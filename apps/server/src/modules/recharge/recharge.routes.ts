import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Role, type SandboxCheckout } from '@spatia/contract';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { fail } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import {
  AdminRechargeOrderPageSchema,
  AdminRechargeOrderSchema,
  AdminRechargeOrdersQuery,
  CheckoutParams,
  CheckoutQuery,
  IdempotencyHeaders,
  OrderIdParams,
  ProviderParams,
  RechargeBody,
  RechargeOptionsSchema,
  RechargeOrderSchema,
  RefundBody,
  RefundHeaders,
  SandboxCheckoutSchema,
  tags,
} from './recharge.schemas.js';
import type { RechargeService } from './recharge.service.js';
import type { RefundsService } from './refunds.service.js';

const route = routesFor(tags);
/** Spec 2.3: the recharge page is for photographers and customers. */
const payerRoute = route.for({ anyRole: [Role.photographer, Role.customer] });

/** Spec 7.3's recharge calls, the providers' notifications and the sandbox's test checkout (docs/payments.md). */
export const rechargeRoutes: FastifyPluginAsyncTypebox<{
  recharge: RechargeService;
  sandbox?: SandboxPayDriver;
  refunds: RefundsService;
}> = async (app, { recharge, sandbox, refunds }) => {
  app.get(
    '/api/admin/rechargeOrders',
    route.admin({
      summary: 'Recharge orders for the back office: payer, refunded amount, what can still be refunded, refunds',
      querystring: AdminRechargeOrdersQuery,
      data: AdminRechargeOrderPageSchema,
      failures: [400],
    }),
    async (request) => {
      const { pageNum, pageSize, ...query } = request.query;
      return ok(await refunds.listForAdmin(query, { pageNum, pageSize }));
    },
  );

  app.post(
    '/api/admin/rechargeOrders/:id/refunds',
    route.admin({
      summary: 'Refund part or all of a paid recharge through its provider (once per Idempotency-Key; docs/refunds.md)',
      params: OrderIdParams,
      headers: RefundHeaders,
      body: RefundBody,
      data: AdminRechargeOrderSchema,
      failures: [400, 404, 409, 422, 502],
    }),
    async (request) =>
      ok(await refunds.refundByAdmin(request.auth!.user.id, request.params.id, request.body, request.headers['idempotency-key'])),
  );

  app.get(
    '/api/c/flowRecharge/plans',
    payerRoute({
      summary: 'The flow recharge price list, the payment methods this site takes and the caller’s balance',
      data: RechargeOptionsSchema,
    }),
    async (request) => ok(await recharge.rechargeOptions(request.auth!.user.id)),
  );

  app.post(
    '/api/c/flowRecharge/nativePayNow',
    payerRoute({
      summary: 'Order months of flow at the price list’s fee and get the pay QR code (an Idempotency-Key header is honoured for 24 h)',
      headers: IdempotencyHeaders,
      acceptQueryParams: true,
      body: RechargeBody,
      data: RechargeOrderSchema,
      failures: [400, 422, 502],
    }),
    async (request) => ok(await recharge.startFlowRecharge(request.auth!.user.id, request.body, request.headers['idempotency-key'])),
  );

  app.get(
    '/api/c/flowRechargeOrder/:id/nativeUnifiedOrderQuery',
    route.signedIn({
      summary: 'One of the caller’s recharge orders, after asking the provider while it is pending',
      params: OrderIdParams,
      data: RechargeOrderSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await recharge.orderForPayer(request.auth!.user.id, request.params.id)),
  );

  // Providers sign the bytes they send: this scope reads every body as the raw text it arrived as.
  await app.register(async (scope) => {
    const notifications = scope.withTypeProvider<TypeBoxTypeProvider>();
    notifications.removeAllContentTypeParsers();
    notifications.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    notifications.post(
      '/api/payments/:provider/notify',
      route.anyone({
        summary: 'A payment provider’s notification: verified, booked once, answered in the provider’s own format',
        params: ProviderParams,
      }),
      async (request, reply) => {
        const answer = await recharge.handleNotification(request.params.provider, {
          headers: request.headers,
          rawBody: typeof request.body === 'string' ? request.body : '',
        });
        return reply.code(answer.statusCode).type(answer.contentType).send(answer.body);
      },
    );
  });

  if (!sandbox) return;

  /** The sandbox's view of an order, with what it buys (ours to say), or undefined. */
  const checkoutOf = async (orderNo: string, sign: string): Promise<SandboxCheckout | undefined> => {
    const checkout = await sandbox.checkout(orderNo, sign);
    return checkout && { ...checkout, purchase: (await recharge.purchaseOf(orderNo)) ?? null };
  };

  app.get(
    '/api/payments/sandbox/checkout/:orderNo',
    route.anyone({
      summary: 'The sandbox’s test checkout: the order its QR code names (the signature comes from the code)',
      params: CheckoutParams,
      querystring: CheckoutQuery,
      data: SandboxCheckoutSchema,
      failures: [400, 404],
    }),
    async (request) => {
      const checkout = await checkoutOf(request.params.orderNo, request.query.sign);
      if (!checkout) throw fail('notFound');
      return ok(checkout);
    },
  );

  app.post(
    '/api/payments/sandbox/checkout/:orderNo/pay',
    route.anyone({
      summary: 'Pay in the sandbox: its books turn paid and its signed notification is delivered like a provider’s',
      params: CheckoutParams,
      querystring: CheckoutQuery,
      data: SandboxCheckoutSchema,
      failures: [400, 404, 409],
    }),
    async (request) => {
      const { orderNo } = request.params;
      const notification = await sandbox.pay(orderNo, request.query.sign);
      if (!notification) throw (await sandbox.checkout(orderNo, request.query.sign)) ? fail('paymentOrderNotPayable') : fail('notFound');
      await recharge.handleNotification('sandbox', notification);
      return ok((await checkoutOf(orderNo, request.query.sign))!);
    },
  );
};
