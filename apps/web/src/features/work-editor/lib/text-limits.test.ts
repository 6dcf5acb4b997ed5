import { describe, expect, it } from 'vitest';
import { findTagProblem, textLength } from './text-limits';

describe('text limits', () => {
  it('counts code points, as the server schema does', () => {
    expect(textLength('西湖')).toBe(2);
    expect(textLength('a😀b')).toBe(3);
    expect(textLength('  ')).toBe(2);
  });
});

describe('tags', () => {
  it('explains why a tag cannot be added', () => {
    expect(findTagProblem('  ', [])).toBe('empty');
    expect(findTagProblem('一二三四五六七八九十十一十二', [])).toBe('tooLong');
    expect(findTagProblem('一二三四五六七八九十一二', [])).toBeNull();
    expect(findTagProblem(' lake ', ['lake'])).toBe('duplicate');
    expect(
      findTagProblem(
        'new',
        Array.from({ length: 10 }, (_, index) => `t${index}`),
      ),
    ).toBe('tooMany');
    expect(findTagProblem('new', ['lake'])).toBeNull();
  });
});
