import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Nothing, ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { WorkDetailSchema } from '../works/index.js';
import { UidParams, pageOf, priceInFen } from '../../lib/schemas.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import {
  ConfirmationSchema,
  ConfirmBody,
  DistributeBody,
  PaymentOptionsSchema,
  SellToBody,
  TransferIdParams,
  TransferListQuery,
  TransferSchema,
  tags,
} from './transfers.schemas.js';
import type { TransfersService } from './transfers.service.js';

const answered = { data: Nothing, failures: [403, 404, 409, 410] };

const route = routesFor(tags);

/** Handing works over: distribute, sell to someone, and the receipt and shipped lists with their actions. */
export const transfersRoutes: FastifyPluginAsyncTypebox<{ transfers: TransfersService }> = async (app, { transfers }) => {
  app.post(
    '/api/model/:uid/distribute',
    route.signedIn({
      summary: 'Give a work to the user with this phone number',
      params: UidParams,
      acceptQueryParams: true,
      body: DistributeBody,
      data: TransferSchema,
      failures: [400, 403, 404, 409],
    }),
    async (request) => ok(await transfers.distribute(request.auth!.user, request.params.uid, request.body.phoneNumber)),
  );

  app.post(
    '/api/model/:uid/sellTo',
    route.signedIn({
      summary: 'Sell a work to one user (phone number or invite code) at a price in yuan',
      params: UidParams,
      acceptQueryParams: true,
      body: SellToBody,
      data: TransferSchema,
      failures: [400, 403, 404, 409],
    }),
    async (request) => {
      const { phoneOrCode, sellingPrice, remark } = request.body;
      return ok(
        await transfers.sell(request.auth!.user, request.params.uid, phoneOrCode, {
          price: priceInFen('sellingPrice', sellingPrice),
          remark: remark ?? '',
        }),
      );
    },
  );

  app.get(
    '/api/transfers/received',
    route.signedIn({
      summary: 'Projects awaiting receipt (and answered ones)',
      querystring: TransferListQuery,
      data: pageOf(TransferSchema),
      failures: [400],
    }),
    async (request) =>
      ok(
        await transfers.listReceived(request.auth!.user, request.query.status || undefined, request.query.pageNum, request.query.pageSize),
      ),
  );

  app.get(
    '/api/transfers/sent',
    route.signedIn({ summary: 'Shipped projects', querystring: TransferListQuery, data: pageOf(TransferSchema), failures: [400] }),
    async (request) =>
      ok(await transfers.listSent(request.auth!.user, request.query.status || undefined, request.query.pageNum, request.query.pageSize)),
  );

  app.get(
    '/api/transfers/:id/work',
    route.signedIn({
      summary: 'The work of a transfer, for its sender and receiver',
      params: TransferIdParams,
      data: WorkDetailSchema,
      failures: [404],
    }),
    async (request) => ok(await transfers.transferredWork(request.auth!.user, request.params.id)),
  );

  app.get(
    '/api/transfers/:id/payment',
    route.signedIn({
      summary: "What paying a sale takes: its price, the receiver's balance and debt, what a QR payment would charge",
      params: TransferIdParams,
      data: PaymentOptionsSchema,
      failures: [403, 404, 409],
    }),
    async (request) => ok(await transfers.paymentOptions(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/transfers/:id/confirm',
    route.signedIn({
      summary:
        'Confirm receipt. A sale pays its price from your balance; with `method` a provider and a balance short of it, the answer is instead the payment order whose QR code pays what is missing, and its payment confirms the sale. An Idempotency-Key header is honoured for 24 h',
      params: TransferIdParams,
      headers: IdempotencyHeaders,
      acceptQueryParams: true,
      body: ConfirmBody,
      data: ConfirmationSchema,
      failures: [400, 403, 404, 409, 410, 422, 502],
    }),
    async (request) => ok(await transfers.confirm(request.auth!.user, request.params.id, request.body, request.headers['idempotency-key'])),
  );

  const actions = [
    { name: 'reject', summary: 'Reject a transfer', run: transfers.reject.bind(transfers) },
    { name: 'withdraw', summary: 'Withdraw a transfer you sent', run: transfers.withdraw.bind(transfers) },
  ];
  for (const action of actions) {
    app.post(
      `/api/transfers/:id/${action.name}`,
      route.signedIn({ summary: action.summary, params: TransferIdParams, ...answered }),
      async (request) => {
        await action.run(request.auth!.user, request.params.id);
        return ok(null);
      },
    );
  }
};
