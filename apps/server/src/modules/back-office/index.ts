import { defineModule } from '../../kernel/module.js';
import { BackOfficeRepository } from './back-office.repository.js';
import { backOfficeRoutes } from './back-office.routes.js';
import { BackOfficeUsersService } from './back-office.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'back-office': {
      /** The back office's users pages and admin log browser (docs/back-office.md). */
      backOffice: BackOfficeUsersService;
    };
  }
}

export default defineModule({
  name: 'back-office',
  needs: ['users', 'auth', 'works', 'membership', 'admin-log'],
  build: ({ database, users, userDirectory, auth, works, membership, adminLog }) => ({
    backOffice: new BackOfficeUsersService({
      repository: new BackOfficeRepository(database.db),
      users,
      directory: userDirectory,
      auth,
      works,
      membership,
      adminLog,
    }),
  }),
  routes: (app, { backOffice }) => app.register(backOfficeRoutes, { backOffice }),
});
