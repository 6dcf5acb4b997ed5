import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../shared/language';
import { psvLang, VIEWER_LANGUAGES, VIEWER_STRINGS } from './strings';

describe('viewer strings', () => {
  const english = Object.keys(VIEWER_STRINGS.en).sort();

  it.each(VIEWER_LANGUAGES)('%s has every key and no empty string', (language) => {
    const strings = VIEWER_STRINGS[language];
    expect(Object.keys(strings).sort()).toEqual(english);
    expect(Object.entries(strings).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('keeps the {name} placeholder in both languages', () => {
    for (const language of VIEWER_LANGUAGES) expect(VIEWER_STRINGS[language].goToScene).toContain('{name}');
    expect(fillPlaceholders(VIEWER_STRINGS.zh.goToScene, { name: '花园' })).toBe('前往花园');
    expect(fillPlaceholders(VIEWER_STRINGS.en.goToScene, { name: 'Garden' })).toBe('Go to Garden');
  });

  it("fills Photo Sphere Viewer's and its plugins' keys", () => {
    const lang = psvLang(VIEWER_STRINGS.zh);
    for (const key of ['loading', 'fullscreen', 'gallery', 'gyroscope', 'stereo', 'autorotate', 'pleaseRotate', 'twoFingers']) {
      expect(lang[key]).toBe(VIEWER_STRINGS.zh[key as keyof typeof VIEWER_STRINGS.zh]);
    }
  });
});
