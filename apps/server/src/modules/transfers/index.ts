import { defineModule } from '../../kernel/module.js';
import { TransfersRepository } from './transfers.repository.js';
import { transfersRoutes } from './transfers.routes.js';
import { TransfersService } from './transfers.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    transfers: {
      /** Handing a work to another person, with or without a price. */
      transfers: TransfersService;
    };
  }
}

export default defineModule({
  name: 'transfers',
  needs: ['works', 'users', 'ledger', 'notifications', 'recharge'],
  build: ({ database, works, users, ledger, notifications, recharge, logger }) => ({
    transfers: new TransfersService(new TransfersRepository(database.db), works, users, ledger, notifications, { recharge, log: logger }),
  }),
  routes: (app, { transfers }) => app.register(transfersRoutes, { transfers }),
  // Lists and answers expire due transfers themselves; the job keeps the table true between them.
  jobs: ({ transfers }) => [
    { name: 'transfers.expire', handler: () => transfers.expireDue(), options: { schedule: { cron: '* * * * *' } } },
  ],
});

// The public surface of the module: what other modules use.
export { type TransfersService } from './transfers.service.js';
