import { defineModule } from '../../kernel/module.js';
import { incomeRoutes } from './income.routes.js';
import { IncomeService } from './income.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    income: {
      /** Income statistics from the ledger (docs/orders.md). */
      income: IncomeService;
    };
  }
}

export default defineModule({
  name: 'income',
  needs: ['ledger'],
  build: ({ ledger }) => ({ income: new IncomeService(ledger) }),
  routes: (app, { income }) => app.register(incomeRoutes, { income }),
});
