import {
  ARTICLE_CATEGORIES,
  ARTICLE_PAGE_SIZE_MAX,
  ARTICLE_QUERY_MAX,
  ARTICLE_STATUSES,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  type ArticleNode,
} from '@spatia/contract';
import { Type } from 'typebox';
import { literals } from '../../lib/schemas.js';

/** Request and response shapes of articles; they validate input and write the OpenAPI document. */
export const tags = ['articles'];

const CategorySchema = literals(ARTICLE_CATEGORIES);
const StatusSchema = literals(ARTICLE_STATUSES);

export const ArticleIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

const Page = {
  pageNum: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: ARTICLE_PAGE_SIZE_MAX, default: 12 }),
};

export const PublicListQuery = Type.Object({ ...Page, category: Type.Optional(Type.Union([CategorySchema, Type.Literal('')])) });

export const AdminListQuery = Type.Object({
  ...Page,
  category: Type.Optional(Type.Union([CategorySchema, Type.Literal('')])),
  status: Type.Optional(Type.Union([StatusSchema, Type.Literal('')])),
  title: Type.Optional(Type.String({ maxLength: ARTICLE_QUERY_MAX, description: 'words of the title' })),
});

/** A node of the editor's document (Tiptap JSON); the service checks the whole tree (docs/articles.md). */
export const ArticleNodeSchema = Type.Unsafe<ArticleNode>(
  Type.Object({
    type: Type.String({ maxLength: 40 }),
    attrs: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    content: Type.Optional(Type.Array(Type.Unknown())),
    marks: Type.Optional(
      Type.Array(Type.Object({ type: Type.String({ maxLength: 40 }), attrs: Type.Optional(Type.Record(Type.String(), Type.Unknown())) })),
    ),
    text: Type.Optional(Type.String()),
  }),
);

export const ArticleDraftBody = Type.Object({
  title: Type.String({ maxLength: ARTICLE_TITLE_MAX }),
  summary: Type.String({ maxLength: ARTICLE_SUMMARY_MAX }),
  coverUrl: Type.String({ maxLength: 2048, description: "an image uploaded through POST /api/admin/articles/images, or ''" }),
  category: CategorySchema,
  content: ArticleNodeSchema,
});

export const ScheduleBody = Type.Object({
  publishAt: Type.Integer({
    minimum: 0,
    maximum: 253_402_300_799_000,
    description: 'when the article becomes visible, epoch ms, in the future',
  }),
});

export const ReorderBody = Type.Object({
  category: CategorySchema,
  ids: Type.Array(Type.Integer({ minimum: 1 }), {
    minItems: 1,
    maxItems: ARTICLE_PAGE_SIZE_MAX,
    description: 'articles of the category, in their new order',
  }),
});

const CardFields = {
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  coverUrl: Type.String(),
  category: CategorySchema,
};

export const ArticleCardSchema = Type.Object({ ...CardFields, publishedAt: Type.Integer({ description: 'epoch ms' }) });

export const ArticleDetailSchema = Type.Object({
  ...CardFields,
  publishedAt: Type.Integer(),
  html: Type.String({ description: 'rendered from the document and sanitised by the server' }),
  authorName: Type.String(),
  updatedAt: Type.Integer(),
  related: Type.Array(ArticleCardSchema),
});

const AdminFields = {
  ...CardFields,
  status: StatusSchema,
  sort: Type.Integer(),
  publishAt: Type.Union([Type.Integer(), Type.Null()], { description: 'when it is or was to be visible, epoch ms' }),
  authorName: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
};

export const AdminArticleSchema = Type.Object(AdminFields);

export const AdminArticleDetailSchema = Type.Object({ ...AdminFields, content: ArticleNodeSchema, html: Type.String() });

export const UploadedMediaSchema = Type.Object({ url: Type.String({ description: '/files/articles/…' }) });
