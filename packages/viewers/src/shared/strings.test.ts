import { describe, expect, it } from 'vitest';
import { MODEL_VIEWER_STRINGS } from '../model/strings';
import { POINT_CLOUD_VIEWER_STRINGS } from '../pointcloud/strings';
import { VIEWER_STRINGS } from '../tour/strings';
import { VIEWER_LANGUAGES } from './language';
import { extendViewerStrings, VIEWER_3D_STRINGS, VIEWER_COMMON_STRINGS } from './strings';

describe('shared viewer strings', () => {
  it("adds a viewer's own words to the shared ones, its own winning", () => {
    const table = extendViewerStrings(VIEWER_COMMON_STRINGS, {
      en: { fullscreen: 'Full', close: 'Close' },
      zh: { fullscreen: '全', close: '关闭' },
    });
    expect(table.en).toEqual({ fullscreen: 'Full', webglError: VIEWER_COMMON_STRINGS.en.webglError, close: 'Close' });
    expect(table.zh.webglError).toBe(VIEWER_COMMON_STRINGS.zh.webglError);
  });

  it.each(VIEWER_LANGUAGES)('every viewer says the shared words the same way in %s', (language) => {
    for (const table of [MODEL_VIEWER_STRINGS, POINT_CLOUD_VIEWER_STRINGS])
      expect(table[language]).toMatchObject(VIEWER_3D_STRINGS[language]);
    expect(VIEWER_STRINGS[language]).toMatchObject(VIEWER_COMMON_STRINGS[language]);
  });
});
