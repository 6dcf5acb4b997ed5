import { HOME_AFTER_LOGIN } from '../../app/home-path';
import { loginPathFor } from '../../app/navigation-rules';
import type { PeopleLinks } from '../../features/people';

/** Where the people pages lead outside their feature: sign-in and back, and the works manager. */
export const PEOPLE_LINKS: PeopleLinks = { loginPathFor, worksManagerPath: HOME_AFTER_LOGIN };
