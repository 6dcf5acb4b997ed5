import type { ViewerLanguage } from './language';

type StringTable = Record<string, string>;

/** Words every viewer shows, the tour included (Photo Sphere Viewer reads both keys). */
export const VIEWER_COMMON_STRINGS: Record<ViewerLanguage, { fullscreen: string; webglError: string }> = {
  en: { fullscreen: 'Fullscreen', webglError: 'This browser cannot show 3D graphics (WebGL)' },
  zh: { fullscreen: '全屏', webglError: '当前浏览器无法显示三维图形（WebGL）' },
};

/** Words both 3D viewers show: the shell's toolbar and the hint under a failed load. */
export const VIEWER_3D_STRINGS = extendViewerStrings(VIEWER_COMMON_STRINGS, {
  en: { resetView: 'Reset view', loadFailedHint: 'Check the connection and reload the page.' },
  zh: { resetView: '重置视角', loadFailedHint: '请检查网络后刷新页面。' },
});

/**
 * A viewer's table: `base` with the viewer's own words added, in both languages. The Chinese words
 * must name exactly the keys the English ones do; the compiler points at any that differ.
 */
export function extendViewerStrings<Base extends StringTable, Own extends StringTable>(
  base: Record<ViewerLanguage, Base>,
  own: { en: Own; zh: NoInfer<Record<keyof Own, string>> },
): Record<ViewerLanguage, Record<keyof Base | keyof Own, string>> {
  return { en: { ...base.en, ...own.en }, zh: { ...base.zh, ...own.zh } };
}
