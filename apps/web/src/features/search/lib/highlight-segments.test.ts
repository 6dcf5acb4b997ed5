import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight-segments';

describe('highlightSegments', () => {
  it('cuts the text into plain and marked stretches', () => {
    expect(highlightSegments({ text: '西湖湖景别墅', highlights: [{ start: 2, end: 4 }] })).toEqual([
      { text: '西湖', marked: false },
      { text: '湖景', marked: true },
      { text: '别墅', marked: false },
    ]);
  });

  it('keeps the whole text when ranges overlap, come out of order or run past the end', () => {
    const segments = highlightSegments({
      text: 'abcdef',
      highlights: [
        { start: 4, end: 9 },
        { start: 0, end: 2 },
        { start: 1, end: 3 },
      ],
    });
    expect(segments).toEqual([
      { text: 'ab', marked: true },
      { text: 'c', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe('abcdef');
  });

  it('is the plain text without ranges', () => {
    expect(highlightSegments({ text: '客厅', highlights: [] })).toEqual([{ text: '客厅', marked: false }]);
    expect(highlightSegments({ text: '', highlights: [] })).toEqual([]);
  });
});
