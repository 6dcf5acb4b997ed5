import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ARTICLE_CATEGORIES, type ArticleNode } from '@spatia/contract';
import { createdAt, serialId, updatedAt } from '../../db/schema/columns.js';
import { users } from '../users/users.tables.js';

/** What an article's row holds as its state; `scheduled` is `published` with `publish_at` ahead (docs/articles.md). */
export const STORED_ARTICLE_STATES = ['draft', 'published', 'unpublished'] as const;

/** An article of the course guide, the news or the cases, written in the back office's editor. */
export const articles = pgTable(
  'articles',
  {
    id: serialId(),
    title: text('title').notNull().default(''),
    summary: text('summary').notNull().default(''),
    /** Storage key of the cover ('' when none). */
    coverKey: text('cover_key').notNull().default(''),
    category: text('category', { enum: ARTICLE_CATEGORIES }).notNull(),
    /** The editor's document (Tiptap JSON), as saved. */
    content: jsonb('content').$type<ArticleNode>().notNull(),
    /** The HTML rendered from `content` by the server and sanitised: the only HTML any answer carries. */
    html: text('html').notNull().default(''),
    state: text('state', { enum: STORED_ARTICLE_STATES }).notNull().default('draft'),
    /** From when a published article is visible (a future time: scheduled). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** The operator's order within the category: lower first. */
    sort: integer('sort').notNull().default(0),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when the article was written (the byline). */
    authorName: text('author_name').notNull().default(''),
    /** Unigrams and bigrams of the normalized title, summary and body text (works' search-grams). */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The normalized title, to rank title matches first. */
    searchTitle: text('search_title').notNull().default(''),
    /** The normalized title, summary and body text, to confirm a gram match is a substring match. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The public lists: one category's visible articles in the operator's order.
    index('articles_public_idx')
      .on(table.category, table.sort, table.publishAt)
      .where(sql`${table.state} = 'published'`),
    index('articles_search_grams_idx').using('gin', table.searchGrams),
    check('articles_published_has_time', sql`${table.state} <> 'published' or ${table.publishAt} is not null`),
  ],
);
