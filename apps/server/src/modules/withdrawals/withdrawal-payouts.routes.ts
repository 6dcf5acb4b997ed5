import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { AdminWithdrawalSchema, EndAsFailedBody, WithdrawalConfirmationSchema, WithdrawalIdParams, tags } from './withdrawals.schemas.js';
import type { WithdrawalsService } from './withdrawals.service.js';

const route = routesFor(tags);

/** Payouts that end (docs/withdrawals.md): an admin ends a payout as failed; the payee confirms one in WeChat. */
export const withdrawalPayoutsRoutes: FastifyPluginAsyncTypebox<{ withdrawals: WithdrawalsService }> = async (app, { withdrawals }) => {
  app.post(
    '/api/admin/withdrawals/:id/fail',
    route.admin({
      summary:
        'End an approved or paying withdrawal as failed, with a reason shown to the person, once its provider confirms that nothing was paid; the money goes back to the income',
      params: WithdrawalIdParams,
      acceptQueryParams: true,
      body: EndAsFailedBody,
      data: AdminWithdrawalSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await withdrawals.endAsFailed(request.auth!.user, request.params.id, request.body.reason)),
  );

  app.get(
    '/api/c/withdraw/records/:id/confirmation',
    route.for({ permission: Permission.wallet })({
      summary:
        'What the WeChat confirmation page needs (merchant id, app id, the bill’s package) for one of the caller’s payouts waiting for it',
      params: WithdrawalIdParams,
      data: WithdrawalConfirmationSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await withdrawals.payouts.confirmationOf(request.auth!.user.id, request.params.id)),
  );
};
