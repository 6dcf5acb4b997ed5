import { defineErrors } from './errors.js';
import articlesErrors from './articles.errors.json' with { type: 'json' };

/** Articles: the course guide, news and cases, written in the back office (docs/articles.md): 2601–2620. */
export const ArticleErrors = defineErrors(articlesErrors);

export const ARTICLE_CATEGORIES = ['courseGuide', 'news', 'cases'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/**
 * What the back office shows. Stored are draft, published and unpublished; `scheduled` is a published
 * article whose `publishAt` is still ahead (anyone sees it from that moment on, with no job to run).
 */
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_TITLE_MAX = 120;
export const ARTICLE_SUMMARY_MAX = 500;
/** The editor's JSON document, serialised, at most this many characters. */
export const ARTICLE_CONTENT_MAX_CHARS = 500_000;
/** How deep the editor's document may nest (a list in a quote in a list…). */
export const ARTICLE_CONTENT_MAX_DEPTH = 24;
export const ARTICLE_QUERY_MAX = 64;
export const ARTICLE_PAGE_SIZE_MAX = 50;
/** How many related articles a detail answer holds. */
export const ARTICLE_RELATED_COUNT = 4;
/** Images pasted or dropped into the editor (PNG, JPEG, WebP; stored re-encoded as WebP). */
export const ARTICLE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Videos uploaded into the editor (MP4 or WebM). */
export const ARTICLE_VIDEO_MAX_BYTES = 100 * 1024 * 1024;

/**
 * A node of the editor's document (Tiptap's JSON): `doc` at the top, then paragraphs, headings, lists,
 * quotes, images, videos and text with marks. The server renders only the kinds it knows.
 */
export interface ArticleNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: ArticleNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

/** An article as lists show it (public lists, related articles, search results). */
export interface ArticleCard {
  id: number;
  title: string;
  summary: string;
  coverUrl: string;
  category: ArticleCategory;
  /** When it became (or becomes) visible, epoch ms. */
  publishedAt: number;
}

/** `GET /api/open/articles/{id}`: a published article, its sanitised HTML and related articles. */
export interface ArticleDetail extends ArticleCard {
  html: string;
  authorName: string;
  updatedAt: number;
  related: ArticleCard[];
}

/** An article in the back office, with its document for the editor. */
export interface AdminArticle {
  id: number;
  title: string;
  summary: string;
  coverUrl: string;
  category: ArticleCategory;
  status: ArticleStatus;
  sort: number;
  /** When it is or was to be visible (epoch ms); null for a draft never published. */
  publishAt: number | null;
  authorName: string;
  createdAt: number;
  updatedAt: number;
}

export interface AdminArticleDetail extends AdminArticle {
  content: ArticleNode;
  /** The HTML the public page shows, rendered and sanitised by the server (for the preview). */
  html: string;
}

/** Create or save a draft: all fields; the article's state does not change. */
export interface ArticleDraft {
  title: string;
  summary: string;
  coverUrl: string;
  category: ArticleCategory;
  content: ArticleNode;
}

/** An empty editor document. */
export const EMPTY_ARTICLE_DOCUMENT: ArticleNode = { type: 'doc', content: [{ type: 'paragraph' }] };
