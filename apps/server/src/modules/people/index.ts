import { defineModule } from '../../kernel/module.js';
import { describeHomepage } from './homepage-meta.js';
import { PeopleRepository } from './people.repository.js';
import { peopleRoutes } from './people.routes.js';
import { PeopleService } from './people.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    people: {
      /** Follows, fans, the people search and personal homepages (docs/people.md). */
      people: PeopleService;
    };
  }
}

export default defineModule({
  name: 'people',
  needs: ['users', 'works', 'identity'],
  build: ({ database, users, works, identity }) => ({
    people: new PeopleService(database.db, new PeopleRepository(database.db), users, works, identity),
  }),
  routes: (app, { people }) => app.register(peopleRoutes, { people }),
  contributes: ({ people, config }) => ({ 'pages.describe': describeHomepage(people, config.publicUrl) }),
});

// The public surface of the module: what other modules use (profile: the overview's follower figures).
export { type PeopleService } from './people.service.js';
export { PeopleRepository } from './people.repository.js';
