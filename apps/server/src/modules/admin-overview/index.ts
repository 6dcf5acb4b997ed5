import { defineModule } from '../../kernel/module.js';
import { adminOverviewRoutes } from './admin-overview.routes.js';
import { AdminOverviewService } from './admin-overview.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'admin-overview': {
      /** The back office's first page: review queues and daily growth. */
      adminOverview: AdminOverviewService;
    };
  }
}

export default defineModule({
  name: 'admin-overview',
  needs: ['users', 'works', 'membership', 'identity'],
  build: ({ users, works, workPublishing, membership, identity }) => ({
    adminOverview: new AdminOverviewService({
      signups: (days) => users.signupStats(days),
      works: (days) => works.creationStats(days),
      pending: {
        membershipApplications: () => membership.pendingCount(),
        identityApplications: () => identity.pendingCount(),
        works: () => workPublishing.reviewQueueSize(),
      },
    }),
  }),
  routes: (app, { adminOverview }) => app.register(adminOverviewRoutes, { overview: adminOverview }),
});
