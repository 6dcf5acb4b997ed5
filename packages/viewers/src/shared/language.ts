/** The languages the 3D viewers speak; the host app passes one, never strings. */
export const VIEWER_3D_LANGUAGES = ['zh', 'en'] as const;
export type Viewer3dLanguage = (typeof VIEWER_3D_LANGUAGES)[number];

/** Fills `{name}` placeholders. */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
