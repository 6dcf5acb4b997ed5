import type { CSSProperties } from 'react';
import { spaceTemplateOf } from '@spatia/contract';

/** A `#rrggbb` colour's relative luminance (WCAG 2), or null when it is not one. */
function luminanceOf(colour: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!match) return null;
  const [red, green, blue] = match.slice(1).map((hex) => {
    const channel = parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 when either is not one). */
export function contrastOf(first: string, second: string): number {
  const a = luminanceOf(first);
  const b = luminanceOf(second);
  if (a === null || b === null) return 1;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#1f2329';

/** The text colour that reads better on `background`: white or near black. */
export function textColourOn(background: string): string {
  return contrastOf(LIGHT_TEXT, background) >= contrastOf(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
}

export interface ShopTheme {
  /** The template's (or the brand's) colour: buttons, the price, links. */
  accent: string;
  /** Text on an accent-coloured button. */
  onAccent: string;
  background: string;
  surface: string;
  text: string;
  muted: string;
  /** Prices and links: the accent where it reads on the cards (4.5:1), else the text colour. */
  emphasis: string;
  dark: boolean;
}

/**
 * A shop's colours from its space's template (the contract's SPACE_TEMPLATES, nothing else): the template's
 * background and accent, the brand colour in place of the accent where the template uses it, and text and card
 * colours that read on a dark template.
 */
export function shopThemeOf(templateCode: string, brandColor: string | null): ShopTheme {
  const template = spaceTemplateOf(templateCode);
  const accent = template.usesBrandColor && brandColor && luminanceOf(brandColor) !== null ? brandColor.toLowerCase() : template.accent;
  const surface = template.dark ? '#1f1f1f' : '#ffffff';
  const text = template.dark ? '#f5f5f5' : DARK_TEXT;
  const muted = template.dark ? '#b8b8b8' : '#5b6478';
  return {
    accent,
    onAccent: textColourOn(accent),
    background: template.background,
    surface,
    text,
    muted,
    emphasis: contrastOf(accent, surface) >= 4.5 ? accent : text,
    dark: template.dark,
  };
}

/** The theme as the phone shell's CSS variables (MobileScreen's `style`) and the shop's own. */
export function shopThemeStyle(theme: ShopTheme): CSSProperties {
  return {
    '--m-accent': theme.accent,
    '--m-background': theme.background,
    '--m-surface': theme.surface,
    '--m-text': theme.text,
    '--m-muted': theme.muted,
    '--shop-on-accent': theme.onAccent,
    '--shop-emphasis': theme.emphasis,
    colorScheme: theme.dark ? 'dark' : 'light',
  } as CSSProperties;
}
