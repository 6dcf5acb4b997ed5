// The exceptions to the house's boundaries, each with its reason. `eslint.config.js` passes them to
// `spatia/boundaries`; the boundary test uses the same object. Paths are relative to the repository.
export const houseRules = {
  /** Repositories that read another module's tables in their own statements. */
  foreignTables: [
    {
      file: 'apps/server/src/modules/users/users.repository.ts',
      modules: ['membership', 'access'],
      reason:
        "a person's effective permissions are one query over their roles' defaults (access), their membership's groups (membership) and their grants: asked on every signed-in request, so not three round trips",
    },
    {
      file: 'apps/server/src/modules/works/works.repository.ts',
      modules: ['transfers'],
      reason: 'the works list shows whether a transfer is pending inside its one hand-tuned statement (docs/architecture.md)',
    },
    {
      file: 'apps/server/src/modules/works/work-search.repository.ts',
      modules: ['users'],
      reason:
        "the site's search leaves out works of disabled accounts and answers each page with its owners' names in one statement (docs/search.md)",
    },
    {
      file: 'apps/server/src/modules/people/people.repository.ts',
      modules: ['users'],
      reason: "the follow lists search by the other person's name and page by keyset in one statement (docs/people.md)",
    },
    {
      file: 'apps/server/src/modules/market/market.repository.ts',
      modules: ['users'],
      reason: 'the market\'s search answers its page with each seller\'s name and avatar in its one statement (docs/market.md "Browsing")',
    },
    {
      file: 'apps/server/src/modules/team/team.repository.ts',
      modules: ['users'],
      reason:
        'the team is the invitation tree of users (users.invited_by_user_id): its lists search and page people by name, phone and invite code two levels down in one statement (docs/team.md)',
    },
    {
      file: 'apps/server/src/modules/map/map.repository.ts',
      modules: ['works', 'users'],
      reason:
        "the map's area query reads every placed work strangers may see with its author's name in one statement over the location index, capped (docs/map.md)",
    },
    {
      file: 'apps/server/src/modules/rentals/rentals.repository.ts',
      modules: ['works', 'users'],
      reason:
        "the rental listing filters by its work's visibility, title and map position and its owner's standing, and pages, in one statement (docs/rentals.md)",
    },
  ],
};
