import { defineModule } from '../../kernel/module.js';
import { teamRoutes } from './team.routes.js';
import { TeamService } from './team.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    team: {
      /** The two-level team: subordinates, promotion rewards on their payments, the rates (docs/team.md). */
      team: TeamService;
    };
  }
}

export default defineModule({
  name: 'team',
  needs: ['ledger'],
  build: () => ({ team: new TeamService() }),
  routes: (app, { team }) => app.register(teamRoutes, { team }),
});
