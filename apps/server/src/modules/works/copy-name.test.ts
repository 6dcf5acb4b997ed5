import { WORK_NAME_MAX } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { copyBase, copyName, copyNamePrefix } from './copy-name.js';

describe('copyName', () => {
  it('marks a copy in the reader’s language', () => {
    expect(copyName('江景两居室', 'zh', new Set())).toBe('江景两居室（副本）');
    expect(copyName('Riverside', 'en', new Set())).toBe('Riverside (copy)');
    expect(copyName('Riverside flat', 'en', new Set())).toBe('Riverside fla (copy)');
  });

  it('numbers further copies after the names the owner already uses, and never stacks marks', () => {
    expect(copyName('江景', 'zh', new Set(['江景（副本）']))).toBe('江景（副本2）');
    expect(copyName('江景（副本）', 'zh', new Set(['江景（副本）', '江景（副本2）']))).toBe('江景（副本3）');
    expect(copyName('Flat (copy 2)', 'en', new Set(['Flat (copy)', 'Flat (copy 2)']))).toBe('Flat (copy 3)');
    expect(copyName('Flat (copy)', 'zh', new Set())).toBe('Flat（副本）');
  });

  it('shortens the name to keep within the limit', () => {
    const long = '一二三四五六七八九十一二三四五六七八九十';
    const copied = copyName(long, 'zh', new Set());
    expect(Array.from(copied)).toHaveLength(WORK_NAME_MAX);
    expect(copied).toBe('一二三四五六七八九十一二三四五六（副本）');
    expect(Array.from(copyName('A name of twenty ch.', 'en', new Set())).length).toBeLessThanOrEqual(WORK_NAME_MAX);
    expect(copyName(long, 'zh', new Set()).startsWith(copyNamePrefix(long))).toBe(true);
  });

  it('finds the original behind a copy', () => {
    expect(copyBase('X (copy 12)')).toBe('X');
    expect(copyBase('X（副本）')).toBe('X');
    expect(copyBase('Copy of X')).toBe('Copy of X');
  });
});
