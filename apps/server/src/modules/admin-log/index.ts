import { defineModule } from '../../kernel/module.js';
import { AdminLogRepository } from './admin-log.repository.js';
import { AdminLogService } from './admin-log.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'admin-log': {
      /** The append-only log of admin actions, written in the same transaction as the action. */
      adminLog: AdminLogService;
    };
  }
}

export default defineModule({
  name: 'admin-log',
  needs: [],
  build: ({ database }) => ({ adminLog: new AdminLogService(new AdminLogRepository(database.db)) }),
});

// The public surface of the module: what other modules use.
export { type AdminLogFilter } from './admin-log.repository.js';
export { type AdminLogService } from './admin-log.service.js';
export { type PendingReview, decidePending, recordDecision } from './review-decision.js';
export { registerReviewDecisions } from './review-decision.routes.js';
