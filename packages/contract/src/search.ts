import { defineErrors } from './errors.js';
import type { IdentityBadge } from './identity.js';
import type { WorkType } from './works.js';
import searchErrors from './search.errors.json' with { type: 'json' };

/** The site's search (`GET /api/open/search`, docs/search.md): 2641–2660. */
export const SearchErrors = defineErrors(searchErrors);

/** What a search looks through: every source at once, or one of them. */
export const SEARCH_KINDS = ['all', 'works', 'people', 'articles'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** The sources themselves (every kind but `all`). */
export type SearchSourceKind = Exclude<SearchKind, 'all'>;

/** Longest keyword. */
export const SEARCH_KEYWORD_MAX = 50;
/** Results of one kind per page unless `pageSize` says otherwise, and the most it may say. */
export const SEARCH_PAGE_SIZE_DEFAULT = 12;
export const SEARCH_PAGE_SIZE_MAX = 48;
/** How many of each kind `kind=all` shows (each kind's tab pages through the rest). */
export const SEARCH_ALL_PREVIEW = 6;
/** Counting and paging stop here: a one-character keyword can match tens of thousands of works. */
export const SEARCH_TOTAL_MAX = 1000;
/** The longest excerpt of a description or summary a result carries. */
export const SEARCH_SNIPPET_MAX = 120;

/** A matched stretch of a shown text: UTF-16 offsets, `end` exclusive (the client marks it; no HTML). */
export interface SearchHighlight {
  start: number;
  end: number;
}

/** A text with the stretches the keyword matched. */
export interface HighlightedText {
  text: string;
  highlights: SearchHighlight[];
}

export interface WorkSearchHit {
  uid: string;
  type: WorkType;
  name: HighlightedText;
  /** An excerpt of the description around its first match (or its start). */
  snippet: HighlightedText;
  coverUrl: string;
  views: number;
  createdAt: number;
  author: { uid: string; name: string; avatarUrl: string };
}

export interface PersonSearchHit {
  uid: string;
  name: HighlightedText;
  avatarUrl: string;
  identities: IdentityBadge[];
}

export interface ArticleSearchHit {
  id: number;
  title: HighlightedText;
  summary: HighlightedText;
  coverUrl: string;
  category: { key: string; name: string };
  publishedAt: number;
}

export interface SearchResultPage<T> {
  list: T[];
  /** Counted up to SEARCH_TOTAL_MAX; `totalCapped` says there are more. */
  total: number;
  totalCapped: boolean;
}

/** `GET /api/open/search`: the page of the kind asked for (`all`: a few of each), and every kind's count. */
export interface SearchAnswer {
  keyword: string;
  kind: SearchKind;
  pageNum: number;
  pageSize: number;
  /** The kinds this site searches, each with how many match: the tabs. */
  counts: { kind: SearchSourceKind; total: number; totalCapped: boolean }[];
  works?: SearchResultPage<WorkSearchHit>;
  people?: SearchResultPage<PersonSearchHit>;
  articles?: SearchResultPage<ArticleSearchHit>;
}
