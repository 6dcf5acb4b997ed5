import { createPayoutDrivers } from '../../drivers/payouts/create-payout-drivers.js';
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
  build: ({ config, database, ledger, notifications, adminLog, users, jobs, logger, smsCodes, identity, rateLimiter, sms }) => ({
    withdrawals: new WithdrawalsService({
      repository: new WithdrawalsRepository(database.db),
      ledger,
      notifications,
      adminLog,
      users,
      drivers: createPayoutDrivers(config.payouts, database.db),
      jobs,
      log: logger,
      stepUp: new WithdrawalStepUp({ smsCodes, users, limiter: rateLimiter }),
      settings: new WithdrawalSettingsRepository(database.db),
      identity,
      sms,
    }),
  }),
  routes: async (app, { withdrawals }) => {
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
