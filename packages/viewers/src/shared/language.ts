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

/** Words both 3D viewers show, spread into each one's own table. */
export const VIEWER_3D_COMMON_STRINGS = {
  en: {
    loadFailedHint: 'Check the connection and reload the page.',
    webglError: 'This browser cannot show 3D graphics (WebGL)',
    resetView: 'Reset view',
    fullscreen: 'Fullscreen',
  },
  zh: {
    loadFailedHint: '请检查网络后刷新页面。',
    webglError: '当前浏览器无法显示三维图形（WebGL）',
    resetView: '重置视角',
    fullscreen: '全屏',
  },
} as const satisfies Record<ViewerLanguage, Record<string, string>>;
