import { SENSITIVE_WORDS_PAGE_SIZE_MAX, SENSITIVE_WORDS_PER_CALL } from '@spatia/contract';
import { Type } from 'typebox';

export const tags = ['moderation'];

/** The sensitive-word list's shape; it writes the OpenAPI document. */
export const SensitiveWordsSchema = Type.Array(Type.String());

export const SensitiveWordPageQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 50, description: 'part of a word, any case' })),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: SENSITIVE_WORDS_PAGE_SIZE_MAX, default: 20 }),
});

export const SensitiveWordEntrySchema = Type.Object({
  word: Type.String(),
  createdAt: Type.Integer({ description: 'epoch ms' }),
});

export const SensitiveWordPageSchema = Type.Object({
  list: Type.Array(SensitiveWordEntrySchema),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});

/** Each word is trimmed and then checked (1-50 characters, not only punctuation) by the service, which names the failing index. */
export const SensitiveWordsBody = Type.Object({
  words: Type.Array(Type.String(), { minItems: 1, maxItems: SENSITIVE_WORDS_PER_CALL }),
});

export const SensitiveWordsAddedSchema = Type.Object({
  added: Type.Array(Type.String()),
  skipped: Type.Array(Type.String(), { description: 'already listed (in any disguise) or repeated in the call' }),
});

export const SensitiveWordsRemovedSchema = Type.Object({
  removed: Type.Array(Type.String()),
  missing: Type.Array(Type.String(), { description: 'not listed' }),
});

export const SensitiveWordsImportedSchema = Type.Object({
  added: Type.Integer(),
  skipped: Type.Integer({ description: 'already listed or repeated in the file' }),
  invalid: Type.Array(
    Type.Object({
      line: Type.Integer({ description: 'from 1' }),
      text: Type.String(),
      reason: Type.Union([Type.Literal('empty'), Type.Literal('tooLong'), Type.Literal('noCharacters')]),
    }),
    { description: 'the first 1000 refused words' },
  ),
  invalidTotal: Type.Integer(),
});
