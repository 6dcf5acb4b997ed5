// What other parts of the web app use of the site feature: they import it from here, never from its folders.
export { SiteFooter } from './components/site-footer';
