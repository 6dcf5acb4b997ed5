import {
  AlipayOauthDriver,
  SandboxAlipayAuthorizationDriver,
  type AlipayAuthorizationDriver,
} from '../../drivers/oauth/alipay-authorization.js';
import type { PayoutsConfig } from '../../config/config.js';
import { createPayoutDrivers, type PayoutDrivers } from '../../drivers/payouts/create-payout-drivers.js';
import { alipayAuthorizationRoutes } from './alipay-authorization.routes.js';
import { defineModule } from '../../kernel/module.js';
import { WithdrawalSettingsRepository } from './withdrawal-settings.repository.js';
import { stepUpRoutes } from './withdrawal-step-up.routes.js';
import { WithdrawalStepUp } from './withdrawal-step-up.js';
import { WithdrawalsRepository } from './withdrawals.repository.js';
import { withdrawalsRoutes } from './withdrawals.routes.js';
import { withdrawalPayoutsRoutes } from './withdrawal-payouts.routes.js';
import { PAYOUT_JOB, WithdrawalsService } from './withdrawals.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    withdrawals: {
      /** Withdrawals of income, their review and their payout (docs/withdrawals.md). */
      withdrawals: WithdrawalsService;
    };
  }
}

export default defineModule({
  name: 'withdrawals',
  needs: ['ledger', 'notifications', 'admin-log', 'users', 'sms-codes', 'identity'],
  build: ({ config, database, ledger, notifications, adminLog, users, jobs, logger, smsCodes, identity, rateLimiter, sms }) => {
    const drivers = createPayoutDrivers(config.payouts, database.db);
    return {
      withdrawals: new WithdrawalsService({
        repository: new WithdrawalsRepository(database.db),
        ledger,
        notifications,
        adminLog,
        users,
        drivers,
        alipayAuthorization: alipayAuthorizationDriver(config.payouts, drivers),
        jobs,
        log: logger,
        stepUp: new WithdrawalStepUp({ smsCodes, users, limiter: rateLimiter }),
        settings: new WithdrawalSettingsRepository(database.db),
        identity,
        sms,
      }),
    };
  },
  routes: async (app, { withdrawals, config }) => {
    await app.register(alipayAuthorizationRoutes, { withdrawals, publicUrl: config.publicUrl });
    await app.register(withdrawalsRoutes, { withdrawals });
    await app.register(stepUpRoutes, { withdrawals });
    await app.register(withdrawalPayoutsRoutes, { withdrawals });
  },
  // Approved withdrawals are paid out, and open payouts asked about again (docs/withdrawals.md). Each approval
  // queues a run at once: `singleton` runs one at a time but keeps every queued run, so an approval that
  // commits while a run is reading its batch still gets a run of its own.
  jobs: ({ withdrawals }) => [
    {
      name: PAYOUT_JOB,
      handler: () => withdrawals.payOut(),
      options: { schedule: { cron: '* * * * *' }, policy: 'singleton', retryLimit: 0 },
    },
  ],
});

export { PAYOUT_JOB };

/** Alipay's own authorization where Alipay pays out; the sandbox's where the sandbox pays Alipay withdrawals. */
function alipayAuthorizationDriver(config: PayoutsConfig, drivers: PayoutDrivers): AlipayAuthorizationDriver | undefined {
  if (config.alipay) return new AlipayOauthDriver(config.alipay);
  return drivers.forChannel('alipay')?.provider === 'sandbox' ? new SandboxAlipayAuthorizationDriver() : undefined;
}
