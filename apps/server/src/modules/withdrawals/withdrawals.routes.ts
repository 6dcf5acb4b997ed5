import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission, Role } from '@spatia/contract';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { IdempotencyHeaders } from '../payments/payments.schemas.js';
import { pageOf } from '../works/works.schemas.js';
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

/** Spec 2.4: withdrawing is part of the wallet (permission 35). */
const wallet = { auth: { permission: Permission.wallet } } as const;
const admin = { auth: { role: Role.admin } } as const;

/** Withdrawals of income and the back office's review of them (docs/withdrawals.md). */
export const withdrawalsRoutes: FastifyPluginAsyncTypebox<{ withdrawals: WithdrawalsService }> = async (app, { withdrawals }) => {
  app.get(
    '/api/c/withdraw/options',
    {
      config: wallet,
      schema: {
        tags,
        summary: 'What the caller can withdraw, the minimum and maximum, the payout methods and the bound accounts (masked)',
        response: responses(WithdrawalOptionsSchema, [401, 403]),
      },
    },
    async (request) => ok(await withdrawals.options(request.auth!.user.id)),
  );

  app.put(
    '/api/c/withdraw/accounts/:channel',
    {
      config: { ...wallet, acceptQueryParams: true },
      schema: {
        tags,
        summary:
          'Bind the payout account of a method (Alipay login id or WeChat openid, with the real name), replacing the one bound before',
        params: ChannelParams,
        body: BindAccountBody,
        response: responses(PayoutAccountSchema, [400, 401, 403]),
      },
    },
    async (request) => ok(await withdrawals.bindAccount(request.auth!.user.id, request.params.channel, request.body)),
  );

  app.delete(
    '/api/c/withdraw/accounts/:channel',
    {
      config: wallet,
      schema: {
        tags,
        summary: 'Unbind the payout account of a method; withdrawals asked for keep the account they named',
        params: ChannelParams,
        response: responses(Type.Array(PayoutAccountSchema), [400, 401, 403, 409]),
      },
    },
    async (request) => ok(await withdrawals.unbindAccount(request.auth!.user.id, request.params.channel)),
  );

  app.post(
    '/api/c/withdraw',
    {
      config: { ...wallet, acceptQueryParams: true },
      schema: {
        tags,
        summary:
          'Ask to withdraw income (fen) to a bound account; it waits for review (an Idempotency-Key header answers the withdrawal it created)',
        headers: IdempotencyHeaders,
        body: WithdrawBody,
        response: responses(WithdrawalSchema, [400, 401, 403, 409, 422]),
      },
    },
    async (request) => ok(await withdrawals.request(request.auth!.user.id, request.body, request.headers['idempotency-key'])),
  );

  app.get(
    '/api/c/withdraw/records',
    {
      config: wallet,
      schema: {
        tags,
        summary: 'The caller’s withdrawals, newest first, optionally of one status',
        querystring: MineQuery,
        response: responses(pageOf(WithdrawalSchema), [400, 401, 403]),
      },
    },
    async (request) => {
      const { status, pageNum, pageSize } = request.query;
      return ok(await withdrawals.listMine(request.auth!.user.id, { status: status || undefined, pageNum, pageSize }));
    },
  );

  app.get(
    '/api/c/withdraw/records/:id',
    {
      config: wallet,
      schema: {
        tags,
        summary: 'One of the caller’s withdrawals',
        params: WithdrawalIdParams,
        response: responses(WithdrawalSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await withdrawals.getMine(request.auth!.user.id, request.params.id)),
  );

  app.get(
    '/api/admin/withdrawals',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Withdrawals for review, newest first, by status, withdrawal number or phone',
        querystring: AdminQuery,
        response: responses(pageOf(AdminWithdrawalSchema), [400, 401, 403]),
      },
    },
    async (request) => {
      const { status, keyword, pageNum, pageSize } = request.query;
      return ok(await withdrawals.listForAdmin({ status: status || undefined, keyword, pageNum, pageSize }));
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/approve',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Approve a withdrawal under review; the payout job pays it out',
        params: WithdrawalIdParams,
        response: responses(WithdrawalSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await withdrawals.approve(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      config: { ...admin, acceptQueryParams: true },
      schema: {
        tags,
        summary: 'Reject a withdrawal under review with a reason; the money goes back to the person’s income',
        params: WithdrawalIdParams,
        body: RejectBody,
        response: responses(WithdrawalSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await withdrawals.reject(request.auth!.user, request.params.id, request.body.reason)),
  );
};
