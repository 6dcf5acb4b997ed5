import { SEARCH_KEYWORD_MAX, SEARCH_KINDS, SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX } from '@spatia/contract';
import { Type } from 'typebox';
import { literals } from '../../lib/schemas.js';
import { WorkTypeSchema } from '../works/index.js';

/** Request and response shapes of the site's search (docs/search.md). */
export const tags = ['search'];

export const SearchQuery = Type.Object({
  keyword: Type.Optional(
    Type.String({ maxLength: SEARCH_KEYWORD_MAX, description: 'words to find (Chinese of one character too); empty answers nothing' }),
  ),
  kind: Type.Optional(literals(SEARCH_KINDS)),
  type: Type.Optional(Type.Union([WorkTypeSchema, Type.Literal('')], { description: 'works of one type; empty or none for all' })),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: SEARCH_PAGE_SIZE_MAX, default: SEARCH_PAGE_SIZE_DEFAULT }),
});

const Highlighted = Type.Object({
  text: Type.String(),
  highlights: Type.Array(
    Type.Object(
      { start: Type.Integer({ minimum: 0 }), end: Type.Integer({ minimum: 0 }) },
      { description: 'UTF-16 offsets, end exclusive' },
    ),
  ),
});

const resultPage = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), totalCapped: Type.Boolean() });

const Person = { uid: Type.String(), name: Type.String(), avatarUrl: Type.String() };

const WorkHitSchema = Type.Object({
  uid: Type.String(),
  type: WorkTypeSchema,
  name: Highlighted,
  snippet: Highlighted,
  coverUrl: Type.String(),
  views: Type.Integer(),
  createdAt: Type.Integer({ description: 'epoch ms' }),
  author: Type.Object(Person),
});

const PersonHitSchema = Type.Object({
  uid: Type.String(),
  name: Highlighted,
  avatarUrl: Type.String(),
  identities: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })),
});

const ArticleHitSchema = Type.Object({
  id: Type.Integer(),
  title: Highlighted,
  summary: Highlighted,
  coverUrl: Type.String(),
  category: Type.Object({ key: Type.String(), name: Type.String() }),
  publishedAt: Type.Integer({ description: 'epoch ms' }),
});

const SourceKindSchema = literals(['works', 'people', 'articles'] as const);

export const SearchAnswerSchema = Type.Object({
  keyword: Type.String(),
  kind: literals(SEARCH_KINDS),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  counts: Type.Array(Type.Object({ kind: SourceKindSchema, total: Type.Integer(), totalCapped: Type.Boolean() }), {
    description: 'the kinds this site searches, in the order of their tabs',
  }),
  works: Type.Optional(resultPage(WorkHitSchema)),
  people: Type.Optional(resultPage(PersonHitSchema)),
  articles: Type.Optional(resultPage(ArticleHitSchema)),
});
