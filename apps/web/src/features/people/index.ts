// What other parts of the web app use of the people feature: they import it from here, never from its folders.
export { PersonHomepageView, PersonWorksView } from './components/person-homepage';
export type { PeopleLinks } from './lib/people-links';
