import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { characterCount, charactersOver, maxCharactersRule, textLength } from './text-count';

describe('text counts', () => {
  it('counts code points, as the server schema does', () => {
    expect(textLength('西湖')).toBe(2);
    expect(textLength('a😀b')).toBe(3);
    expect(textLength('  ')).toBe(2);
  });

  it('shows the count against the limit and cuts nothing', () => {
    const count = characterCount(20);
    expect(count).toMatchObject({ show: true, max: 20 });
    expect(count.strategy?.('Riverside living room')).toBe(21);
    expect(count).not.toHaveProperty('exceedFormatter');
  });

  it('says by how much a text is over its limit', async () => {
    expect(charactersOver('Riverside living room', 20)).toBe(1);
    expect(charactersOver('Riverside living', 20)).toBe(0);
    await i18n.changeLanguage('en');
    const rule = maxCharactersRule(i18n.t, 20);
    if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
    const validate = (value: unknown) => rule.validator!({}, value, () => undefined);
    await expect(validate('Riverside living room')).rejects.toThrow('At most 20 characters: 1 too many');
    await expect(validate('Riverside living')).resolves.toBeUndefined();
    await expect(validate(undefined)).resolves.toBeUndefined();
  });
});
