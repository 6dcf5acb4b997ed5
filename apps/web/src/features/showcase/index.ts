// What other parts of the web app use of the showcase feature: they import it from here, never from its folders.
export { ShowcaseStrip } from './components/showcase-strip';
