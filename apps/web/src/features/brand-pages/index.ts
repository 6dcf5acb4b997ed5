// What other parts of the web app use of the brand-pages feature: they import it from here, never from its folders.
// (features/showcase is another thing: the official showcase strip of the home page.)
export { ShowcaseConsole } from './components/showcase-console';
export { LandingConsole } from './components/landing-console';
export { PublicLandingPageView, PublicShowcasePage } from './components/public-brand-pages';
