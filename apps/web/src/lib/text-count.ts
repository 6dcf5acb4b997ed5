import type { FormRule, InputProps } from 'antd';
import type { TFunction } from 'i18next';

/**
 * Characters as a person counts them and as the server's schemas do (JSON Schema counts code points):
 * an emoji made of a surrogate pair is one, not two.
 */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * antd's `count` for a text with a limit: "12 / 20" while typing, red once over, and nothing cut off,
 * so a pasted "Riverside living room" stays whole and the person decides what to drop. Pair it with
 * `maxCharactersRule` (forms) or a problem message of one's own, which says by how much.
 */
export function characterCount(max: number): NonNullable<InputProps['count']> {
  return { show: true, max, strategy: textLength };
}

/** How many characters `text` has beyond `max` (0 when it fits). */
export function charactersOver(text: string, max: number): number {
  return Math.max(0, textLength(text) - max);
}

/** A form rule for a text over its limit: "At most 20 characters: 1 too many". */
export function maxCharactersRule(t: TFunction, max: number): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const over = typeof value === 'string' ? charactersOver(value, max) : 0;
      if (over > 0) throw new Error(t('validation.tooLong', { max, over }));
    },
  };
}
