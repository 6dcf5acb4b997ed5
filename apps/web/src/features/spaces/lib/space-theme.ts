import { spaceTemplateOf, type SpaceLayout, type SpaceTemplate } from '@spatia/contract';
import type { CSSProperties } from 'react';

/** What a space is drawn with: its template's layout and the colours the phone shell reads as CSS variables. */
export interface SpaceTheme {
  template: SpaceTemplate;
  layout: SpaceLayout;
  dark: boolean;
  /** `--m-accent`, `--m-background`, `--m-surface`, `--m-text`, `--m-muted` and `--m-on-accent`. */
  style: CSSProperties;
}

/** Relative luminance of `#rrggbb` (WCAG 2), 0 black to 1 white. */
export function luminanceOf(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The contrast ratio of two colours (WCAG 2), 1 to 21. */
export function contrastOf(first: string, second: string): number {
  const [lighter, darker] = [luminanceOf(first), luminanceOf(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** White or near-black, whichever reads better on `background` (a brand colour may be light). */
export function textOn(background: string): string {
  return contrastOf(background, '#ffffff') >= contrastOf(background, '#1f2329') ? '#ffffff' : '#1f2329';
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A template drawn from its fields only (docs/spaces-pages.md): the background, the accent (the space's brand
 * colour instead, where the template says so and the space has one), and surface, text and muted colours that
 * follow `dark`. The text on the accent is whichever of white and near-black reads better on it.
 */
export function spaceThemeOf(templateCode: string, brandColor: string | null = null): SpaceTheme {
  const template = spaceTemplateOf(templateCode);
  const accent = template.usesBrandColor && brandColor && HEX.test(brandColor) ? brandColor.toLowerCase() : template.accent;
  const style = {
    '--m-accent': accent,
    '--m-on-accent': textOn(accent),
    '--m-background': template.background,
    '--m-surface': template.dark ? '#1f1f1f' : '#ffffff',
    '--m-text': template.dark ? '#f2f2f2' : '#1f2329',
    '--m-muted': template.dark ? '#b3b3b3' : '#5b6478',
  } as CSSProperties;
  return { template, layout: template.layout, dark: template.dark, style };
}
