import { describe, expect, it } from 'vitest';
import { findTagProblem } from './text-limits';

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
