import { SearchView } from '../features/search';

/** /search (open): works, people and articles, found by a keyword kept in the address. */
export default function SearchPage() {
  return <SearchView />;
}
