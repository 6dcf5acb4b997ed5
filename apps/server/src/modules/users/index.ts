import { defineModule } from '../../kernel/module.js';
import { UserDirectoryService } from './user-directory.service.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    users: {
      users: UsersService;
      /** The back office's search over people. */
      userDirectory: UserDirectoryService;
    };
  }
}

declare module '../../kernel/domain-events.js' {
  interface DomainEventMap {
    /** The back office disabled an account: its sessions must end in the same transaction. */
    'user.disabled': { userId: number };
    /** Someone registered with an invite code: `invitedByUserId` is their superior for good (docs/team.md). */
    'user.registered': { userId: number; invitedByUserId: number };
  }
}

export default defineModule({
  name: 'users',
  emits: ['user.disabled', 'user.registered'],
  needs: ['admin-log'],
  build: ({ database, cache, adminLog, events }) => ({
    users: UsersService.on(database.db, cache, adminLog, events),
    userDirectory: UserDirectoryService.on(database.db),
  }),
  routes: (app, { users }) => app.register(usersRoutes, { users }),
});

// The public surface of the module: what other modules use.
export { type UserDirectoryService, type UserSearch } from './user-directory.service.js';
export { type PermissionSources } from './users.repository.js';
export { type AuthUser, type PublicProfile, type UsersService, assertPasswordRule } from './users.service.js';
