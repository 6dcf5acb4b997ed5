import { describe, expect, it } from 'vitest';
import { highlighted, snippet } from './search-highlight.js';

describe('search highlights', () => {
  it('marks the keyword in a name as shown', () => {
    expect(highlighted('西湖湖景别墅', '湖景')).toEqual({ text: '西湖湖景别墅', highlights: [{ start: 2, end: 4 }] });
  });

  it('keeps a short description whole, spaces folded', () => {
    expect(snippet('临湖的  三室\n两厅', '三室')).toEqual({ text: '临湖的 三室 两厅', highlights: [{ start: 4, end: 6 }] });
  });

  it('cuts a long description around its first match, with ellipses, the ranges moved with it', () => {
    const text = `${'甲'.repeat(100)}湖景${'乙'.repeat(100)}`;
    const excerpt = snippet(text, '湖景', 40);
    expect(excerpt.text).toBe(`…${'甲'.repeat(16)}湖景${'乙'.repeat(22)}…`);
    expect(excerpt.highlights).toEqual([{ start: 17, end: 19 }]);
    const marked = excerpt.text.slice(excerpt.highlights[0]!.start, excerpt.highlights[0]!.end);
    expect(marked).toBe('湖景');
  });

  it('starts a long description without a match at its start, and never splits a surrogate pair', () => {
    expect(snippet('a'.repeat(50), 'zz', 10)).toEqual({ text: `${'a'.repeat(10)}…`, highlights: [] });
    const excerpt = snippet(`${'𠀀'.repeat(30)}`, 'x', 9);
    expect(excerpt.text).toBe(`${'𠀀'.repeat(4)}…`);
  });
});
