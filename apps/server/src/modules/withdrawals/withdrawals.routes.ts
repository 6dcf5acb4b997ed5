import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { registerReviewDecisions } from '../admin-log/index.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import { pageOf } from '../../lib/schemas.js';
import {
  AdminQuery,
  AdminWithdrawalSchema,
  BindAccountBody,
  ChannelParams,
  MineQuery,
  PayoutAccountSchema,
  RejectBody,
  WithdrawalIdParams,
  WithdrawalOptionsSchema,
  WithdrawalSchema,
  WithdrawBody,
  tags,
} from './withdrawals.schemas.js';
import type { WithdrawalsService } from './withdrawals.service.js';

const route = routesFor(tags);
/** Spec 2.4: withdrawing is part of the wallet (permission 35). */
const walletRoute = route.for({ permission: Permission.wallet });

/** Withdrawals of income and the back office's review of them (docs/withdrawals.md). */
export const withdrawalsRoutes: FastifyPluginAsyncTypebox<{ withdrawals: WithdrawalsService }> = async (app, { withdrawals }) => {
  app.get(
    '/api/c/withdraw/options',
    walletRoute({
      summary: 'What the caller can withdraw, the minimum and maximum, the payout methods and the bound accounts (masked)',
      data: WithdrawalOptionsSchema,
    }),
    async (request) => ok(await withdrawals.options(request.auth!.user.id)),
  );

  app.put(
    '/api/c/withdraw/accounts/:channel',
    walletRoute({
      summary: 'Bind the payout account of a method (Alipay login id or WeChat openid, with the real name), replacing the one bound before',
      params: ChannelParams,
      acceptQueryParams: true,
      body: BindAccountBody,
      data: PayoutAccountSchema,
      failures: [400],
    }),
    async (request) => ok(await withdrawals.bindAccount(request.auth!.user.id, request.params.channel, request.body)),
  );

  app.delete(
    '/api/c/withdraw/accounts/:channel',
    walletRoute({
      summary: 'Unbind the payout account of a method; withdrawals asked for keep the account they named',
      params: ChannelParams,
      data: Type.Array(PayoutAccountSchema),
      failures: [400, 409],
    }),
    async (request) => ok(await withdrawals.unbindAccount(request.auth!.user.id, request.params.channel)),
  );

  app.post(
    '/api/c/withdraw',
    walletRoute({
      summary:
        'Ask to withdraw income (fen) to a bound account; it waits for review (an Idempotency-Key header answers the withdrawal it created)',
      headers: IdempotencyHeaders,
      acceptQueryParams: true,
      body: WithdrawBody,
      data: WithdrawalSchema,
      failures: [400, 409, 422],
    }),
    async (request) => ok(await withdrawals.request(request.auth!.user.id, request.body, request.headers['idempotency-key'])),
  );

  app.get(
    '/api/c/withdraw/records',
    walletRoute({
      summary: 'The caller’s withdrawals, newest first, optionally of one status',
      querystring: MineQuery,
      data: pageOf(WithdrawalSchema),
      failures: [400],
    }),
    async (request) => {
      const { status, pageNum, pageSize } = request.query;
      return ok(await withdrawals.listMine(request.auth!.user.id, { status: status || undefined, pageNum, pageSize }));
    },
  );

  app.get(
    '/api/c/withdraw/records/:id',
    walletRoute({ summary: 'One of the caller’s withdrawals', params: WithdrawalIdParams, data: WithdrawalSchema, failures: [400, 404] }),
    async (request) => ok(await withdrawals.getMine(request.auth!.user.id, request.params.id)),
  );

  app.get(
    '/api/admin/withdrawals',
    route.admin({
      summary: 'Withdrawals for review, newest first, by status, withdrawal number or phone',
      querystring: AdminQuery,
      data: pageOf(AdminWithdrawalSchema),
      failures: [400],
    }),
    async (request) => {
      const { status, keyword, pageNum, pageSize } = request.query;
      return ok(await withdrawals.listForAdmin({ status: status || undefined, keyword, pageNum, pageSize }));
    },
  );

  registerReviewDecisions(app, {
    queueUrl: '/api/admin/withdrawals',
    tags,
    params: WithdrawalIdParams,
    reasonBody: RejectBody,
    approve: {
      summary: 'Approve a withdrawal under review; the payout job pays it out',
      data: WithdrawalSchema,
      failures: [400, 404, 409],
      decide: (admin, id) => withdrawals.approve(admin, id),
    },
    reject: {
      summary: 'Reject a withdrawal under review with a reason; the money goes back to the person’s income',
      data: WithdrawalSchema,
      failures: [400, 404, 409],
      decide: (admin, id, reason) => withdrawals.reject(admin, id, reason),
    },
  });
};
