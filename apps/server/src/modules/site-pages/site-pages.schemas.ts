import {
  SITE_PAGE_KINDS,
  SITE_PAGE_SPECS,
  SITE_URL_MAX,
  type SiteFieldSpec,
  type SiteFieldTree,
  type SitePageContent,
} from '@spatia/contract';
import { Type, type TSchema } from 'typebox';
import { literals } from '../../lib/schemas.js';

/** Request and response shapes of the site pages (docs/site-pages.md); they validate input and write the OpenAPI document. */
export const tags = ['site pages'];

/** The JSON schema of a field, from the contract's field tree: what the document says each kind holds. */
function fieldSchema(spec: SiteFieldSpec): TSchema {
  switch (spec.type) {
    case 'text':
    case 'paragraph':
      return Type.String({ maxLength: spec.max });
    case 'link':
      return Type.String({ maxLength: SITE_URL_MAX, description: 'a path of this site (/…, #…) or an http(s) address; may be empty' });
    case 'date':
      return Type.String({ format: 'date' });
    case 'boolean':
      return Type.Boolean();
    case 'integer':
      return Type.Integer({ minimum: spec.min, maximum: spec.max });
    case 'choice':
      return literals(spec.options);
    case 'texts':
      return Type.Array(Type.String({ maxLength: spec.max }), { minItems: spec.minItems, maxItems: spec.maxItems });
    case 'list':
      return Type.Array(treeSchema(spec.fields), { minItems: spec.minItems, maxItems: spec.maxItems });
    case 'group':
      return treeSchema(spec.fields);
  }
}

function treeSchema(tree: SiteFieldTree) {
  return Type.Object(Object.fromEntries(Object.entries(tree).map(([name, spec]) => [name, fieldSchema(spec)])), {
    additionalProperties: false,
  });
}

const contentSchemaOf = (tree: SiteFieldTree) => {
  const language = treeSchema(tree);
  return Type.Object({ zh: language, en: language }, { additionalProperties: false });
};

/**
 * A page's content in both languages: one of the kinds' shapes (their objects take no other field, so that the
 * serializer tells /product's from /enterprise's). Input is checked by the contract's `siteContentProblem`, which
 * names the field and the rule.
 */
const ContentSchema = Type.Unsafe<SitePageContent>(
  Type.Union([...new Set(SITE_PAGE_KINDS.map((kind) => SITE_PAGE_SPECS[kind]))].map(contentSchemaOf)),
);

export const KindParams = Type.Object({ kind: literals(SITE_PAGE_KINDS) });
export const VersionParams = Type.Object({ kind: literals(SITE_PAGE_KINDS), version: Type.Integer({ minimum: 1, maximum: 1_000_000 }) });

export const LiveSchema = Type.Object({
  kind: literals(SITE_PAGE_KINDS),
  version: Type.Integer(),
  publishedAt: Type.Union([Type.Integer(), Type.Null()]),
  content: ContentSchema,
});

export const SummarySchema = Type.Object({
  kind: literals(SITE_PAGE_KINDS),
  liveVersion: Type.Integer(),
  publishedAt: Type.Union([Type.Integer(), Type.Null()]),
  publishedBy: Type.String(),
  draftVersion: Type.Union([Type.Integer(), Type.Null()]),
  changedAt: Type.Union([Type.Integer(), Type.Null()]),
  changedBy: Type.String(),
});

const VersionItemSchema = Type.Object({
  version: Type.Integer(),
  status: literals(['draft', 'published'] as const),
  restoredFrom: Type.Union([Type.Integer(), Type.Null()]),
  editedAt: Type.Integer(),
  editedBy: Type.String(),
  publishedAt: Type.Union([Type.Integer(), Type.Null()]),
  publishedBy: Type.String(),
  live: Type.Boolean(),
});

export const EditorStateSchema = Type.Object({
  kind: literals(SITE_PAGE_KINDS),
  live: Type.Object({ version: Type.Integer(), content: ContentSchema }),
  draft: Type.Union([
    Type.Object({ version: Type.Integer(), content: ContentSchema, editedAt: Type.Integer(), editedBy: Type.String() }),
    Type.Null(),
  ]),
  versions: Type.Array(VersionItemSchema),
});

export const VersionContentSchema = Type.Object({ version: Type.Integer(), content: ContentSchema });

export const DraftBody = Type.Object({
  content: Type.Unsafe<SitePageContent>({
    type: 'object',
    additionalProperties: true,
    description: 'the page in zh and en, in the shape of its kind',
  }),
  draftVersion: Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()], {
    description: 'the draft the edit started from; null when it started from the live version',
  }),
});

export const PublishBody = Type.Object({
  draftVersion: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'the draft previewed: a newer one is refused' }),
});
