import { defineModule } from '../../kernel/module.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { LicenceImages } from './licence-images.js';
import { membershipAdminRoutes } from './membership-admin.routes.js';
import { MembershipRepository } from './membership.repository.js';
import { membershipRoutes } from './membership.routes.js';
import { MembershipService } from './membership.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    membership: {
      /** Membership versions, applications and the memberships they give (docs/membership.md). */
      membership: MembershipService;
    };
  }
}

export default defineModule({
  name: 'membership',
  needs: ['users', 'notifications', 'admin-log', 'uploads', 'access', 'ledger', 'recharge'],
  build: ({ config, database, users, notifications, adminLog, storage, privateFiles, rateLimiter, access, ledger, recharge, logger }) => ({
    membership: new MembershipService(
      new MembershipRepository(database.db),
      users,
      notifications,
      adminLog,
      new LicenceImages(storage, privateFiles, rateLimiter),
      (language) => access.catalogueTree(language),
      { ledger, recharge, calendar: new BusinessCalendar(config.businessTimeZone), log: logger },
    ),
  }),
  routes: async (app, { membership }) => {
    await app.register(membershipRoutes, { membership });
    await app.register(membershipAdminRoutes, { membership });
  },
  // Automatic renewals, reminders and grace notices; memberships past their grace stop granting their groups within a minute (docs/membership.md "Jobs").
  jobs: ({ membership }) => [
    { name: 'membership.expire', handler: () => membership.runJob(), options: { schedule: { cron: '* * * * *' } } },
  ],
});

// The public surface of the module: what other modules use.
export { MembershipSchema } from './membership.schemas.js';
export { type MembershipService } from './membership.service.js';
