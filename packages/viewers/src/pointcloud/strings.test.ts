import { describe, expect, it } from 'vitest';
import { MODEL_VIEWER_STRINGS } from '../model/strings';
import { fillPlaceholders, VIEWER_LANGUAGES } from '../shared/language';
import { POINT_CLOUD_VIEWER_STRINGS } from './strings';

describe.each([
  ['point cloud', POINT_CLOUD_VIEWER_STRINGS],
  ['model', MODEL_VIEWER_STRINGS],
] as const)('%s viewer strings', (_name, table) => {
  const english = Object.keys(table.en).sort();
  it.each(VIEWER_LANGUAGES)('%s has every key and no empty string', (language) => {
    const strings: Record<string, string> = table[language];
    expect(Object.keys(strings).sort()).toEqual(english);
    expect(Object.entries(strings).filter(([, text]) => !text.trim())).toEqual([]);
  });
  it('keeps the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    const zh: Record<string, string> = table.zh;
    for (const [key, text] of Object.entries(table.en as Record<string, string>))
      expect(placeholders(zh[key]!)).toEqual(placeholders(text));
  });
});

it('fills placeholders', () => {
  expect(fillPlaceholders(POINT_CLOUD_VIEWER_STRINGS.zh.deleteMeasurement, { name: '距离 1' })).toBe('删除距离 1');
  expect(fillPlaceholders('{a} {b}', { a: 1 })).toBe('1 {b}');
});
