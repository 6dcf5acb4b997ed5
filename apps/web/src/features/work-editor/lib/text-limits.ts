import { textLength } from '../../../lib/text-count';
import { WORK_ADDRESS_MAX, WORK_DESCRIPTION_MAX, WORK_NAME_MAX, WORK_TAG_MAX_LENGTH, WORK_TAGS_MAX } from '@spatia/contract';

/** The limits of a work's texts, as the server checks them. */
export const WORK_TEXT_LIMITS = {
  name: WORK_NAME_MAX,
  description: WORK_DESCRIPTION_MAX,
  address: WORK_ADDRESS_MAX,
  tag: WORK_TAG_MAX_LENGTH,
} as const;

export type LimitedField = keyof typeof WORK_TEXT_LIMITS;

export type TagProblem = 'empty' | 'tooLong' | 'duplicate' | 'tooMany';

/** Why a tag cannot be added to `tags`, or null when it can (the server trims tags too). */
export function findTagProblem(rawTag: string, tags: readonly string[]): TagProblem | null {
  const tag = rawTag.trim();
  if (!tag) return 'empty';
  if (textLength(tag) > WORK_TAG_MAX_LENGTH) return 'tooLong';
  if (tags.includes(tag)) return 'duplicate';
  if (tags.length >= WORK_TAGS_MAX) return 'tooMany';
  return null;
}
