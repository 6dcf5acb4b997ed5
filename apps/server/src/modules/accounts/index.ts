import { defineModule } from '../../kernel/module.js';
import { accountsRoutes } from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    accounts: {
      /** Sign-up, sign-in by code or password, password reset and phone changes. */
      accounts: AccountsService;
    };
  }
}

export default defineModule({
  name: 'accounts',
  needs: ['users', 'auth', 'sms-codes'],
  build: ({ users, auth, smsCodes, loginThrottle, rateLimiter }) => ({
    accounts: new AccountsService(users, auth, smsCodes, loginThrottle, rateLimiter),
  }),
  routes: (app, { accounts }) => app.register(accountsRoutes, { accounts }),
});

// The public surface of the module: what other modules use.
export { type AccountsService, type CodeFields } from './accounts.service.js';
