import { defineModule } from '../../kernel/module.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { TeamRepository } from './team.repository.js';
import { teamRoutes } from './team.routes.js';
import { TeamService } from './team.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    team: {
      /** The two-level team: subordinates, promotion rewards on their payments, the rates (docs/team.md). */
      team: TeamService;
    };
  }
}

export default defineModule({
  name: 'team',
  needs: ['users', 'ledger', 'admin-log'],
  build: ({ database, ledger, adminLog, config, logger }) => ({
    team: new TeamService({
      repository: new TeamRepository(database.db),
      ledger,
      adminLog,
      calendar: new BusinessCalendar(config.businessTimeZone),
      log: logger,
    }),
  }),
  routes: (app, { team }) => app.register(teamRoutes, { team }),
  // Rewards whose pending window passed become withdrawable income (docs/team.md).
  jobs: ({ team }) => [
    { name: 'team.release', handler: () => team.releaseDue().then(() => undefined), options: { schedule: { cron: '* * * * *' } } },
  ],
  on: ({ team }) => ({
    // The superior is fixed at registration: the counts of both levels change with it.
    'user.registered': { when: 'transaction', handle: (payload, tx) => team.registered(payload, tx) },
    // Real payments and their refunds, in the paying module's transaction: a reward exists exactly when its payment does.
    'recharge.flowPaid': { when: 'transaction', handle: (payment, tx) => team.paid('flowRecharge', payment, tx) },
    'recharge.flowRefunded': { when: 'transaction', handle: (refund, tx) => team.refunded('flowRecharge', refund, tx) },
    'market.purchased': { when: 'transaction', handle: (payment, tx) => team.paid('market', payment, tx) },
    'market.purchaseRefunded': { when: 'transaction', handle: (refund, tx) => team.refunded('market', refund, tx) },
    'serviceOrder.paid': { when: 'transaction', handle: (payment, tx) => team.paid('serviceOrder', payment, tx) },
    'serviceOrder.refunded': { when: 'transaction', handle: (refund, tx) => team.refunded('serviceOrder', refund, tx) },
  }),
});

// The public surface of the module: what other modules use.
export { type TeamService } from './team.service.js';
