import { defineModule } from '../../kernel/module.js';
import { SensitiveWordsRepository } from './sensitive-words.repository.js';
import { sensitiveWordsRoutes } from './sensitive-words.routes.js';
import { SensitiveWordsService } from './sensitive-words.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'sensitive-words': {
      /** Sensitive words: the list, and the check of every text people publish. */
      sensitiveWords: SensitiveWordsService;
    };
  }
}

export default defineModule({
  name: 'sensitive-words',
  needs: ['admin-log'],
  build: ({ database, cache, adminLog, logger }) => ({
    sensitiveWords: new SensitiveWordsService(new SensitiveWordsRepository(database.db), {
      cache,
      adminLog,
      onError: (message, error) => logger.error({ err: error }, message),
    }),
  }),
  routes: (app, { sensitiveWords }) => app.register(sensitiveWordsRoutes, { sensitiveWords }),
});

// The public surface of the module: what other modules use.
export { type SensitiveWordsService } from './sensitive-words.service.js';
