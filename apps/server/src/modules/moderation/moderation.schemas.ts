import { Type } from 'typebox';

/** The sensitive-word list's shape; it writes the OpenAPI document. */
export const SensitiveWordsSchema = Type.Array(Type.String());
