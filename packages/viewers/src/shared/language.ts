/** The languages every viewer speaks; the host app passes one, never strings. */
export const VIEWER_LANGUAGES = ['zh', 'en'] as const;
export type ViewerLanguage = (typeof VIEWER_LANGUAGES)[number];

export function isViewerLanguage(value: unknown): value is ViewerLanguage {
  return typeof value === 'string' && (VIEWER_LANGUAGES as readonly string[]).includes(value);
}

/** Fills `{name}` placeholders; one without a value stays as it is. */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
