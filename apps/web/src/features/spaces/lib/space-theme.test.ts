import { SPACE_TEMPLATES } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { contrastOf, spaceThemeOf, textOn } from './space-theme';

const variable = (style: object, name: string): string => (style as Record<string, string | undefined>)[name] ?? '';

describe('spaceThemeOf', () => {
  it('draws every template from its own fields', () => {
    for (const template of SPACE_TEMPLATES) {
      const theme = spaceThemeOf(template.code);
      expect(theme.layout).toBe(template.layout);
      expect(variable(theme.style, '--m-background')).toBe(template.background);
      expect(variable(theme.style, '--m-accent')).toBe(template.accent);
      // The text reads on the background (WCAG AA for body text).
      expect(contrastOf(variable(theme.style, '--m-text'), template.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastOf(variable(theme.style, '--m-muted'), variable(theme.style, '--m-surface'))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('uses the brand colour only where the template says so', () => {
    expect(variable(spaceThemeOf('enterprise', '#AA0011').style, '--m-accent')).toBe('#aa0011');
    expect(variable(spaceThemeOf('classic', '#aa0011').style, '--m-accent')).toBe('#1668dc');
    expect(variable(spaceThemeOf('enterprise', null).style, '--m-accent')).toBe('#1668dc');
    expect(variable(spaceThemeOf('enterprise', 'red').style, '--m-accent')).toBe('#1668dc');
  });

  it('falls back to the first template for an unknown code', () => {
    expect(spaceThemeOf('neon').template.code).toBe('classic');
  });

  it('dark templates get light text', () => {
    const gallery = spaceThemeOf('gallery');
    expect(gallery.dark).toBe(true);
    expect(variable(gallery.style, '--m-text')).toBe('#f2f2f2');
  });
});

describe('textOn', () => {
  it('picks the text that reads on a colour', () => {
    expect(textOn('#1668dc')).toBe('#ffffff');
    expect(textOn('#ffee00')).toBe('#1f2329');
    expect(textOn('#e6b450')).toBe('#1f2329');
  });
});
