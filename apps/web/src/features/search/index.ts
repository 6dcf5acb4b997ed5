// What other parts of the web app use of the search feature: they import it from here, never from its folders.
export { SearchView } from './components/search-view';
