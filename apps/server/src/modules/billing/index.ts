import { defineModule } from '../../kernel/module.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { BillingAdminService } from './billing-admin.service.js';
import { BillingRepository } from './billing.repository.js';
import { billingRoutes } from './billing.routes.js';
import { BillingService } from './billing.service.js';
import { WalletService } from './wallet.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    billing: {
      /** Traffic billing, budgets and pauses (docs/billing.md). */
      billing: BillingService;
      /** The flow wallet and lease time. */
      wallet: WalletService;
      /** The back office's billing prices and recharge price list. */
      billingAdmin: BillingAdminService;
    };
  }
}

export default defineModule({
  name: 'billing',
  needs: ['ledger', 'traffic', 'works', 'notifications', 'users', 'recharge', 'admin-log'],
  build: ({ config, database, ledger, traffic, works, notifications, users, recharge, adminLog, logger }) => {
    const repository = new BillingRepository(database.db);
    const calendar = new BusinessCalendar(config.businessTimeZone);
    const now = () => Date.now();
    return {
      billing: new BillingService(repository, ledger, traffic, works, notifications, logger, now, calendar),
      wallet: new WalletService(repository, ledger, traffic, works, users, recharge, now, calendar),
      billingAdmin: new BillingAdminService(repository, recharge, adminLog),
    };
  },
  routes: (app, { wallet, billingAdmin }) => app.register(billingRoutes, { wallet, billingAdmin }),
  // A paused owner's works, or a work over its monthly budget, show a notice to viewers.
  provides: ({ billing }) => ({ 'works.viewingHold': (work) => billing.holdOf(work) }),
  // Each finished business day is billed once, shortly after its midnight; settling, pauses, budgets and notices every 5 minutes (docs/billing.md).
  jobs: ({ billing, config }) => [
    {
      name: 'billing.daily',
      handler: () => billing.billDueDays(),
      options: { schedule: { cron: '10 0 * * *', timezone: config.businessTimeZone } },
    },
    { name: 'billing.enforce', handler: () => billing.enforce(), options: { schedule: { cron: '*/5 * * * *' } } },
  ],
});

// The public surface of the module: what other modules use.
export { type BillingService } from './billing.service.js';
