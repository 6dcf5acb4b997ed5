import { defineModule } from '../../kernel/module.js';
import { ModerationRepository } from './moderation.repository.js';
import { moderationRoutes } from './moderation.routes.js';
import { ModerationService } from './moderation.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    moderation: {
      /** Sensitive words: the list, and the check of every text people publish. */
      moderation: ModerationService;
    };
  }
}

export default defineModule({
  name: 'moderation',
  needs: ['admin-log'],
  build: ({ database, cache, adminLog, logger }) => ({
    moderation: new ModerationService(new ModerationRepository(database.db), {
      cache,
      adminLog,
      onError: (message, error) => logger.error({ err: error }, message),
    }),
  }),
  routes: (app, { moderation }) => app.register(moderationRoutes, { moderation }),
});

// The public surface of the module: what other modules use.
export { type ModerationService } from './moderation.service.js';
