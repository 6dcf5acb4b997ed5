import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IssuedCodeSchema } from '../../lib/schemas.js';
import { WithdrawalSettingsSchema, tags } from './withdrawals.schemas.js';
import type { WithdrawalsService } from './withdrawals.service.js';

const route = routesFor(tags);

/** The step-up checks' own calls: the code for binding and withdrawing, and the back office's settings. */
export const stepUpRoutes: FastifyPluginAsyncTypebox<{ withdrawals: WithdrawalsService }> = async (app, { withdrawals }) => {
  app.get(
    '/api/c/withdraw/verifyCode',
    route.for({ permission: Permission.wallet })({
      summary: 'Send a code to my own phone, to bind a payout account or ask for a withdrawal (the SMS code limits apply)',
      data: IssuedCodeSchema,
      failures: [429, 503],
    }),
    async (request) => ok(await withdrawals.sendStepUpCode(request.auth!.user.id, request.ip)),
  );

  app.get(
    '/api/admin/withdrawals/settings',
    route.admin({ summary: 'The withdrawal settings: the cooling period of new payout accounts', data: WithdrawalSettingsSchema }),
    async () => ok(await withdrawals.settings()),
  );

  app.put(
    '/api/admin/withdrawals/settings',
    route.admin({
      summary: 'Set the cooling period of newly bound or replaced payout accounts (hours, 0 to 720); accounts already bound follow it too',
      acceptQueryParams: true,
      body: WithdrawalSettingsSchema,
      data: WithdrawalSettingsSchema,
      failures: [400],
    }),
    async (request) => ok(await withdrawals.updateSettings(request.auth!.user, request.body)),
  );
};
