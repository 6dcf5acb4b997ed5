import { defineModule } from '../../kernel/module.js';
import { profileRoutes } from './profile.routes.js';
import { ProfileService } from './profile.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    profile: {
      /** A person's own account page: name, avatar, figures. */
      profile: ProfileService;
    };
  }
}

export default defineModule({
  name: 'profile',
  needs: ['users', 'uploads', 'ledger', 'works', 'people'],
  build: ({ users, uploads, ledger, works, people }) => ({
    profile: new ProfileService(
      users,
      uploads,
      ledger,
      (ownerId) => works.countByStatus(ownerId),
      (userId) => people.counts(userId),
    ),
  }),
  routes: (app, { profile, config, metrics }) =>
    app.register(profileRoutes, { profile, publicUrl: config.publicUrl, countBytes: (bytes) => metrics.countUploadBytes(bytes, 'direct') }),
});
