import { afterCommit } from '../../db/after-commit.js';
import { defineModule } from '../../kernel/module.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionsRepository } from './sessions.repository.js';
import { sessionsRoutes } from './sessions.routes.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    auth: {
      auth: AuthService;
      /** Failed sign-ins per phone and per address, shared by every way of signing in. */
      loginThrottle: LoginThrottle;
    };
  }
}

export default defineModule({
  name: 'auth',
  needs: ['users'],
  build: ({ database, rateLimiter, cache, users }) => {
    const loginThrottle = new LoginThrottle(rateLimiter);
    return { loginThrottle, auth: new AuthService(new SessionsRepository(database.db), users, cache, loginThrottle) };
  },
  routes: async (app, { auth }) => {
    await app.register(authRoutes, { auth });
    await app.register(sessionsRoutes, { auth });
  },
  on: ({ auth }) => ({
    'user.disabled': {
      when: 'transaction',
      handle: async ({ userId }, tx) => {
        const ended = await auth.revokeAllSessionsIn(tx, userId);
        afterCommit(tx, () => ended.forget());
      },
    },
  }),
});

// The public surface of the module: what other modules use.
export { type AuthService, hashToken } from './auth.service.js';
export { type LoginThrottle } from './login-throttle.js';
export { hashPassword, verifyPassword } from './password.js';
