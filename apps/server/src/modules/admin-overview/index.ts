import { defineModule } from '../../kernel/module.js';
import { BusinessCalendar } from '../../lib/business-time.js';
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
  build: ({ config, users, works, workPublishing, membership, identity }) => {
    // The charts count business days (docs/billing.md "Days").
    const calendar = new BusinessCalendar(config.businessTimeZone);
    return {
      adminOverview: new AdminOverviewService(
        {
          signups: (days) => users.signupStats(days, calendar),
          works: (days) => works.creationStats(days, calendar),
          pending: {
            membershipApplications: () => membership.pendingCount(),
            identityApplications: () => identity.pendingCount(),
            works: () => workPublishing.reviewQueueSize(),
          },
        },
        calendar,
      ),
    };
  },
  routes: (app, { adminOverview }) => app.register(adminOverviewRoutes, { overview: adminOverview }),
});
