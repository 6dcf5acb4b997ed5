import { defineModule } from '../../kernel/module.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    ledger: {
      /** The double-entry ledger: the only thing that changes a balance. */
      ledger: LedgerService;
    };
  }
}

export default defineModule({
  name: 'ledger',
  needs: [],
  build: ({ database }) => ({ ledger: new LedgerService(new LedgerRepository(database.db)) }),
});

// The public surface of the module: what other modules use.
export { balanceShortfall, LedgerAccount, type LedgerService, type Posting } from './ledger.service.js';
