/**
 * Where the people pages lead outside the feature, given by the page that composes them (a feature sits below
 * the app shell and does not know its paths): the sign-in that comes back to a path, and the works manager.
 */
export interface PeopleLinks {
  loginPathFor: (pathWithQuery: string) => string;
  worksManagerPath: string;
}
