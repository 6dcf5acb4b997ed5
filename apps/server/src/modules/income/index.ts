import { defineModule } from '../../kernel/module.js';
import { BusinessCalendar } from '../../lib/business-time.js';
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
  build: ({ ledger, config }) => ({ income: new IncomeService(ledger, () => Date.now(), new BusinessCalendar(config.businessTimeZone)) }),
  routes: (app, { income }) => app.register(incomeRoutes, { income }),
});
